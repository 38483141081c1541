import { type McpContext, McpResource, McpTool, ResourceEvents } from '@myko/mcp';
import { Injectable } from '@nestjs/common';

export const WATCHED_URI = 'test://sse/watched';

/** Waits `ms`, or less when the call is cancelled. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

const STEPS_INPUT = {
  type: 'object',
  properties: { steps: { type: 'integer' }, delayMs: { type: 'integer' } },
  required: ['steps', 'delayMs'],
};

/** Tools that talk on their request's stream for a while, and a resource that changes: for the SSE e2e. */
@Injectable()
export class SseFixtures {
  version = 0;
  /** Calls of `progress_steps` that ran to their end (a dropped connection must not stop them). */
  completed = 0;

  constructor(private readonly events: ResourceEvents) {}

  @McpTool({ name: 'progress_steps', description: 'Reports progress 1..steps, delayMs apart', input: STEPS_INPUT })
  async progressSteps(args: { steps: number; delayMs: number }, ctx: McpContext): Promise<string> {
    for (let step = 1; step <= args.steps; step++) {
      await pause(args.delayMs, ctx.signal);
      ctx.progress(step, args.steps, `step ${step}`);
    }
    if (!ctx.signal.aborted) this.completed++;
    return `done after ${args.steps} steps`;
  }

  @McpTool({
    name: 'log_burst',
    description: 'Sends `count` info logs at once, then answers',
    input: { type: 'object', properties: { count: { type: 'integer' } }, required: ['count'] },
  })
  logBurst(args: { count: number }, ctx: McpContext): string {
    for (let n = 1; n <= args.count; n++) ctx.log('info', { n }, 'burst');
    return `logged ${args.count}`;
  }

  @McpTool({
    name: 'sleep',
    description: 'Answers after `ms` without sending anything before',
    input: { type: 'object', properties: { ms: { type: 'integer' } }, required: ['ms'] },
  })
  async sleep(args: { ms: number }, ctx: McpContext): Promise<string> {
    await pause(args.ms, ctx.signal);
    return `slept ${args.ms} ms`;
  }

  @McpTool({ name: 'ask_model', description: 'Asks the client model to say hi' })
  async askModel(_args: object, ctx: McpContext): Promise<string> {
    ctx.log('info', 'asking the model', 'ask_model');
    const answer = await ctx.createMessage({
      messages: [{ role: 'user', content: { type: 'text', text: 'Say hi' } }],
      maxTokens: 10,
    });
    return `model said: ${answer.content.type === 'text' ? answer.content.text : '?'}`;
  }

  @McpTool({ name: 'touch', description: 'Changes the watched resource' })
  touch(): string {
    this.change();
    return `version ${this.version}`;
  }

  @McpResource({ uri: WATCHED_URI, name: 'watched', description: 'Changes on touch', mimeType: 'text/plain' })
  read(): string {
    return `version ${this.version}`;
  }

  /** Announces a change of the watched resource: subscribed sessions get `notifications/resources/updated`. */
  change(): void {
    this.version++;
    this.events.changed(WATCHED_URI);
  }
}
