import { type McpCallToolResult, McpTool } from '@myko/mcp';
import { OperationError } from '@myko/registry';
import { Injectable } from '@nestjs/common';
import { RED_PIXEL_PNG, SILENT_WAV } from './conformance.media';

/** The 2020-12 vocabulary the suites check is kept verbatim (SEP-1613; the alpha adds SEP-2106's keywords). */
const JSON_SCHEMA_2020_12 = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  $defs: {
    address: {
      $anchor: 'addressDef',
      type: 'object',
      properties: { street: { type: 'string' }, city: { type: 'string' } },
    },
  },
  properties: {
    name: { type: 'string' },
    address: { $ref: '#/$defs/address' },
    contactMethod: { type: 'string', enum: ['phone', 'email'] },
    phone: { type: 'string' },
    email: { type: 'string' },
  },
  allOf: [{ anyOf: [{ required: ['phone'] }, { required: ['email'] }] }],
  if: { properties: { contactMethod: { const: 'phone' } }, required: ['contactMethod'] },
  // biome-ignore lint/suspicious/noThenProperty: a JSON Schema keyword (an object, so never thenable)
  then: { required: ['phone'] },
  else: { required: ['email'] },
  additionalProperties: false,
};

/** The conformance suite's content fixtures: one tool per content type, an error, a raw 2020-12 schema. */
@Injectable()
export class ConformanceContentTools {
  @McpTool({ name: 'test_simple_text', description: 'Returns a simple text response' })
  simpleText(): McpCallToolResult {
    return { content: [{ type: 'text', text: 'This is a simple text response for testing.' }] };
  }

  @McpTool({ name: 'test_image_content', description: 'Returns a 1x1 red PNG image' })
  imageContent(): McpCallToolResult {
    return { content: [{ type: 'image', data: RED_PIXEL_PNG, mimeType: 'image/png' }] };
  }

  @McpTool({ name: 'test_audio_content', description: 'Returns a short WAV audio clip' })
  audioContent(): McpCallToolResult {
    return { content: [{ type: 'audio', data: SILENT_WAV, mimeType: 'audio/wav' }] };
  }

  @McpTool({ name: 'test_embedded_resource', description: 'Returns an embedded text resource' })
  embeddedResource(): McpCallToolResult {
    return {
      content: [
        {
          type: 'resource',
          resource: {
            uri: 'test://embedded-resource',
            mimeType: 'text/plain',
            text: 'This is an embedded resource content.',
          },
        },
      ],
    };
  }

  @McpTool({ name: 'test_multiple_content_types', description: 'Returns text, an image and a resource' })
  multipleContentTypes(): McpCallToolResult {
    return {
      content: [
        { type: 'text', text: 'Multiple content types test:' },
        { type: 'image', data: RED_PIXEL_PNG, mimeType: 'image/png' },
        {
          type: 'resource',
          resource: {
            uri: 'test://mixed-content-resource',
            mimeType: 'application/json',
            text: JSON.stringify({ test: 'data', value: 123 }),
          },
        },
      ],
    };
  }

  @McpTool({ name: 'test_error_handling', description: 'Always fails with a tool execution error' })
  errorHandling(): never {
    throw new OperationError('This tool intentionally returns an error for testing');
  }

  @McpTool({
    name: 'json_schema_2020_12_tool',
    description: 'Tool with JSON Schema 2020-12 features',
    input: JSON_SCHEMA_2020_12,
  })
  jsonSchema202012(args: Record<string, unknown>): string {
    return `Received: ${JSON.stringify(args)}`;
  }
}
