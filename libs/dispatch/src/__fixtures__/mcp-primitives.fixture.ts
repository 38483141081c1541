import { type McpContext, McpPrompt, McpResource, type McpResourceRequest, McpTool, ResourceEvents } from '@myko/mcp';
import { ConflictError, NotFoundError } from '@myko/registry';
import { Injectable } from '@nestjs/common';
import { IsString, MinLength } from 'class-validator';

export class EchoArgs {
  @IsString()
  @MinLength(1)
  text: string;
}

const STATS_INPUT = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  properties: { values: { type: 'array', items: { type: 'number' } } },
  required: ['values'],
  additionalProperties: false,
};

/** 1×1 PNG. */
export const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

/** Custom tools, resources and prompts for dispatch specs. */
@Injectable()
export class SpecPrimitives {
  /** Set when `wait_for_cancel` saw its signal abort. */
  aborted = false;
  note = 'first version';

  constructor(private readonly events: ResourceEvents) {}

  @McpTool({ name: 'echo', title: 'Echo', description: 'Echoes the text', input: EchoArgs })
  echo(args: EchoArgs): string {
    return args.text;
  }

  @McpTool({
    name: 'stats',
    description: 'Sum and count of numbers',
    input: STATS_INPUT,
    output: { type: 'object', properties: { sum: { type: 'number' }, count: { type: 'integer' } } },
    annotations: { readOnlyHint: true },
  })
  stats(args: { values: number[] }) {
    return { sum: args.values.reduce((a, b) => a + b, 0), count: args.values.length };
  }

  @McpTool({ name: 'fail_business', description: 'Fails with a business error' })
  failBusiness(): never {
    throw new ConflictError('The shelf is empty');
  }

  @McpTool({ name: 'fail_internal', description: 'Fails with an internal error' })
  failInternal(): never {
    throw new Error('password=hunter2');
  }

  @McpTool({ name: 'picture', description: 'Returns a full result with an image' })
  picture() {
    return {
      content: [
        { type: 'text', text: 'a pixel' },
        { type: 'image', data: PIXEL.toString('base64'), mimeType: 'image/png' },
      ],
    };
  }

  @McpTool({ name: 'count_up', description: 'Reports progress 1..3, then answers at once' })
  countUp(_args: object, ctx: McpContext): string {
    for (let i = 1; i <= 3; i++) ctx.progress(i, 3, `step ${i}`);
    return 'counted';
  }

  @McpTool({ name: 'wait_for_cancel', description: 'Waits until the call is cancelled' })
  waitForCancel(_args: object, ctx: McpContext): Promise<string> {
    return new Promise((resolve) => {
      ctx.signal.addEventListener('abort', () => {
        this.aborted = true;
        resolve('stopped');
      });
    });
  }

  @McpTool({ name: 'chatty', description: 'Logs at debug, info and error' })
  chatty(_args: object, ctx: McpContext): string {
    ctx.log('debug', 'debug detail');
    ctx.log('info', { step: 'info' }, 'chatty');
    ctx.log('error', 'something broke');
    return 'logged';
  }

  @McpTool({ name: 'ask_model', description: 'Asks the client model' })
  async askModel(_args: object, ctx: McpContext): Promise<string> {
    const answer = await ctx.createMessage({
      messages: [{ role: 'user', content: { type: 'text', text: 'Say hi' } }],
      maxTokens: 10,
    });
    return `model said: ${answer.content.type === 'text' ? answer.content.text : '?'}`;
  }

  @McpTool({ name: 'ask_user', description: 'Asks the user' })
  async askUser(_args: object, ctx: McpContext): Promise<string> {
    const answer = await ctx.elicit({
      message: 'Your name?',
      requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
    });
    return `${answer.action}: ${JSON.stringify(answer.content ?? null)}`;
  }

  @McpTool({ name: 'edit_note', description: 'Changes the note and announces it' })
  editNote(): string {
    this.note = `version ${Date.now()}`;
    this.events.changed('test://note');
    return this.note;
  }

  @McpResource({ uri: 'test://note', name: 'note', description: 'A note that changes', mimeType: 'text/plain' })
  readNote(): string {
    return this.note;
  }

  @McpResource({ uri: 'test://pixel', name: 'pixel', description: 'A 1x1 PNG', mimeType: 'image/png' })
  readPixel(): Buffer {
    return PIXEL;
  }

  @McpResource({ uri: 'test://secret', name: 'secret_doc', description: 'Hidden by the specs' })
  readSecret(): string {
    return 'secret';
  }

  @McpResource({
    uriTemplate: 'test://items/{id}',
    name: 'item',
    description: 'One item by id',
    mimeType: 'application/json',
    complete: { id: (value) => ['apple', 'apricot', 'banana'].filter((id) => id.startsWith(value)) },
  })
  readItem({ uri, variables }: McpResourceRequest) {
    if (variables.id === 'missing') throw new NotFoundError('item', variables.id);
    return { uri, text: JSON.stringify({ id: variables.id }) };
  }

  @McpPrompt({
    name: 'greet',
    description: 'Greets someone',
    arguments: [
      {
        name: 'name',
        description: 'Who',
        required: true,
        complete: (value) => ['Ada', 'Alan'].filter((n) => n.startsWith(value)),
      },
      { name: 'mood', description: 'How' },
    ],
  })
  greet(args: Record<string, string>): string {
    return `Greet ${args.name}${args.mood ? ` ${args.mood}ly` : ''}.`;
  }

  @McpPrompt({ name: 'rich', title: 'Rich', description: 'Every content type' })
  rich() {
    return [
      { role: 'user', content: { type: 'image', data: PIXEL.toString('base64'), mimeType: 'image/png' } },
      { role: 'user', content: { type: 'audio', data: 'UklGRg==', mimeType: 'audio/wav' } },
      {
        role: 'user',
        content: { type: 'resource', resource: { uri: 'test://note', mimeType: 'text/plain', text: 'n' } },
      },
      { role: 'assistant', content: { type: 'text', text: 'Noted.' } },
    ];
  }
}
