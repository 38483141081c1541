import { type McpContext, McpTool, ResourceEvents } from '@myko/mcp';
import { Injectable } from '@nestjs/common';
import { pause } from './conformance.media';
import { ConformanceResources, WATCHED_RESOURCE } from './conformance.resources';

const PROMPT_INPUT = {
  type: 'object',
  properties: { prompt: { type: 'string', description: 'The prompt to send to the LLM' } },
  required: ['prompt'],
};

const MESSAGE_INPUT = {
  type: 'object',
  properties: { message: { type: 'string', description: 'The message to show the user' } },
  required: ['message'],
};

/** The conformance fixtures that talk back to the client while they run: logs, progress, sampling, elicitation. */
@Injectable()
export class ConformanceInteractionTools {
  constructor(
    private readonly resources: ConformanceResources,
    private readonly events: ResourceEvents,
  ) {}

  @McpTool({ name: 'test_tool_with_logging', description: 'Sends three info log messages while it runs' })
  async withLogging(_args: object, ctx: McpContext): Promise<string> {
    ctx.log('info', 'Tool execution started', 'conformance');
    await pause(50, ctx.signal);
    ctx.log('info', 'Tool processing data', 'conformance');
    await pause(50, ctx.signal);
    ctx.log('info', 'Tool execution completed', 'conformance');
    return 'Logging test completed';
  }

  /** Dispatch holds the response back ~20 ms after the last progress (TypeScript SDK race, issue #2580). */
  @McpTool({ name: 'test_tool_with_progress', description: 'Reports progress 0, 50 and 100 of 100' })
  async withProgress(_args: object, ctx: McpContext): Promise<string> {
    ctx.progress(0, 100);
    await pause(50, ctx.signal);
    ctx.progress(50, 100);
    await pause(50, ctx.signal);
    ctx.progress(100, 100);
    return 'Progress test completed';
  }

  @McpTool({ name: 'test_sampling', description: 'Asks the client LLM to answer a prompt', input: PROMPT_INPUT })
  async sampling(args: { prompt: string }, ctx: McpContext): Promise<string> {
    const answer = await ctx.createMessage({
      messages: [{ role: 'user', content: { type: 'text', text: args.prompt } }],
      maxTokens: 100,
    });
    const text = answer.content.type === 'text' ? answer.content.text : `[${answer.content.type}]`;
    return `LLM response: ${text}`;
  }

  @McpTool({ name: 'test_elicitation', description: 'Asks the user for a username and email', input: MESSAGE_INPUT })
  async elicitation(args: { message: string }, ctx: McpContext): Promise<string> {
    const answer = await ctx.elicit({
      message: args.message,
      requestedSchema: {
        type: 'object',
        properties: {
          username: { type: 'string', description: "User's response" },
          email: { type: 'string', description: "User's email address" },
        },
        required: ['username', 'email'],
      },
    });
    return `User response: action=${answer.action}, content=${JSON.stringify(answer.content ?? {})}`;
  }

  @McpTool({ name: 'test_elicitation_sep1034_defaults', description: 'Elicits fields that all have defaults' })
  async elicitationDefaults(_args: object, ctx: McpContext): Promise<string> {
    const answer = await ctx.elicit({
      message: 'Please review your profile (every field has a default)',
      requestedSchema: {
        type: 'object',
        properties: {
          name: { type: 'string', description: 'User name', default: 'John Doe' },
          age: { type: 'integer', description: 'User age', default: 30 },
          score: { type: 'number', description: 'User score', default: 95.5 },
          status: {
            type: 'string',
            description: 'User status',
            enum: ['active', 'inactive', 'pending'],
            default: 'active',
          },
          verified: { type: 'boolean', description: 'Verification status', default: true },
        },
        required: [],
      },
    });
    return completed(answer);
  }

  @McpTool({ name: 'test_elicitation_sep1330_enums', description: 'Elicits the five kinds of enum fields' })
  async elicitationEnums(_args: object, ctx: McpContext): Promise<string> {
    const answer = await ctx.elicit({
      message: 'Please choose',
      requestedSchema: {
        type: 'object',
        properties: {
          untitledSingle: { type: 'string', enum: ['option1', 'option2', 'option3'] },
          titledSingle: {
            type: 'string',
            oneOf: [
              { const: 'value1', title: 'First Option' },
              { const: 'value2', title: 'Second Option' },
              { const: 'value3', title: 'Third Option' },
            ],
          },
          legacyEnum: {
            type: 'string',
            enum: ['opt1', 'opt2', 'opt3'],
            enumNames: ['Option One', 'Option Two', 'Option Three'],
          },
          untitledMulti: { type: 'array', items: { type: 'string', enum: ['option1', 'option2', 'option3'] } },
          titledMulti: {
            type: 'array',
            items: {
              anyOf: [
                { const: 'value1', title: 'First Choice' },
                { const: 'value2', title: 'Second Choice' },
                { const: 'value3', title: 'Third Choice' },
              ],
            },
          },
        },
        required: [],
      },
    });
    return completed(answer);
  }

  /** For the SSE polling scenario: long enough for the server to close the stream mid-call. */
  @McpTool({ name: 'test_reconnection', description: 'Answers after a delay, so the SSE stream can close mid-call' })
  async reconnection(_args: object, ctx: McpContext): Promise<string> {
    await pause(300, ctx.signal);
    return 'Reconnection test completed successfully';
  }

  @McpTool({
    name: 'test_update_watched_resource',
    description: 'Changes test://watched-resource, notifying its subscribers',
  })
  updateWatched(): string {
    const version = this.resources.touchWatched();
    this.events.changed(WATCHED_RESOURCE);
    return `test://watched-resource is now at version ${version}`;
  }
}

function completed(answer: { action: string; content?: unknown }): string {
  return `Elicitation completed: action=${answer.action}, content=${JSON.stringify(answer.content ?? {})}`;
}
