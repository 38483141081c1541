import { McpPrompt, type McpPromptMessage } from '@myko/mcp';
import { Injectable } from '@nestjs/common';
import { RED_PIXEL_PNG } from './conformance.media';

const SUGGESTIONS = ['test', 'testing', 'tested', 'hello', 'world', 'paris', 'park', 'party'];

const suggest = (value: string) => SUGGESTIONS.filter((word) => word.startsWith(value.toLowerCase()));

/** The conformance suite's prompts: plain, with arguments (and their completion), embedded resource, image. */
@Injectable()
export class ConformancePrompts {
  @McpPrompt({ name: 'test_simple_prompt', description: 'A simple prompt without arguments' })
  simple(): string {
    return 'This is a simple prompt for testing.';
  }

  @McpPrompt({
    name: 'test_prompt_with_arguments',
    description: 'A prompt with two required arguments',
    arguments: [
      { name: 'arg1', description: 'First test argument', required: true, complete: suggest },
      { name: 'arg2', description: 'Second test argument', required: true, complete: suggest },
    ],
  })
  withArguments(args: Record<string, string>): string {
    return `Prompt with arguments: arg1='${args.arg1}', arg2='${args.arg2}'`;
  }

  @McpPrompt({
    name: 'test_prompt_with_embedded_resource',
    description: 'A prompt that embeds a resource',
    arguments: [{ name: 'resourceUri', description: 'URI of the resource to embed', required: true }],
  })
  withEmbeddedResource(args: Record<string, string>): McpPromptMessage[] {
    return [
      {
        role: 'user',
        content: {
          type: 'resource',
          resource: { uri: args.resourceUri, mimeType: 'text/plain', text: 'Embedded resource content for testing.' },
        },
      },
      { role: 'user', content: { type: 'text', text: 'Please process the embedded resource above.' } },
    ];
  }

  @McpPrompt({ name: 'test_prompt_with_image', description: 'A prompt with an image' })
  withImage(): McpPromptMessage[] {
    return [
      { role: 'user', content: { type: 'image', data: RED_PIXEL_PNG, mimeType: 'image/png' } },
      { role: 'user', content: { type: 'text', text: 'Please analyze the image above.' } },
    ];
  }
}
