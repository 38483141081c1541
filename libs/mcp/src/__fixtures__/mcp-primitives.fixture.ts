import { Injectable, Scope } from '@nestjs/common';
import { IsInt, IsString, Min } from 'class-validator';
import { McpPrompt, McpResource, McpTool } from '../decorators';
import type { McpContext } from '../interfaces';

export class GreetArgs {
  @IsString()
  name: string;

  @IsInt()
  @Min(1)
  times: number;
}

export const RAW_SCHEMA = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  $defs: { address: { type: 'object', properties: { city: { type: 'string' } } } },
  properties: { name: { type: 'string' }, address: { $ref: '#/$defs/address' } },
  additionalProperties: false,
};

/** One of each primitive kind, as a plugin would declare them. */
@Injectable()
export class FixturePrimitives {
  @McpTool({ description: 'Greets someone', input: GreetArgs, annotations: { readOnlyHint: true } })
  greet(args: GreetArgs, ctx: McpContext) {
    return `${'hello '.repeat(args.times)}${args.name} (${ctx.sessionId})`;
  }

  @McpTool({ name: 'json_schema_tool', title: 'Raw schema', description: 'Raw schema input', input: RAW_SCHEMA })
  raw(args: Record<string, unknown>) {
    return args;
  }

  @McpResource({ uri: 'test://static', name: 'static', description: 'A fixed text', mimeType: 'text/plain' })
  staticText() {
    return 'static text';
  }

  @McpResource({
    uriTemplate: 'test://items/{id}',
    name: 'item',
    description: 'One item',
    complete: { id: (value) => ['1', '2', '10'].filter((id) => id.startsWith(value)) },
  })
  item({ variables }: { variables: Record<string, string> }) {
    return `item ${variables.id}`;
  }

  @McpPrompt({
    name: 'summarize',
    description: 'Summarize a text',
    arguments: [{ name: 'text', description: 'What to summarize', required: true }],
  })
  summarize(args: Record<string, string>) {
    return `Summarize: ${args.text}`;
  }
}

/** Declares a tool name `FixturePrimitives` already uses. */
@Injectable()
export class DuplicateTool {
  @McpTool({ name: 'greet', description: 'Another greet' })
  other() {
    return 'x';
  }
}

@Injectable({ scope: Scope.REQUEST })
export class RequestScopedPrimitives {
  @McpTool({ name: 'per_request', description: 'Never registered' })
  perRequest() {
    return 'x';
  }
}
