import { type McpContext, type McpInputRequest, McpPrompt, McpTool } from '@myko/mcp';
import { Injectable } from '@nestjs/common';

/** A one-field form: `{ <field>: string }`, required. */
const ask = (message: string, field: string, type = 'string'): McpInputRequest => ({
  method: 'elicitation/create',
  params: {
    message,
    requestedSchema: { type: 'object', properties: { [field]: { type } }, required: [field] },
  },
});

const CAPITAL_QUESTION: McpInputRequest = {
  method: 'sampling/createMessage',
  params: {
    messages: [{ role: 'user', content: { type: 'text', text: 'What is the capital of France?' } }],
    maxTokens: 100,
  },
};

const GREETING: McpInputRequest = {
  method: 'sampling/createMessage',
  params: { messages: [{ role: 'user', content: { type: 'text', text: 'Say hello' } }], maxTokens: 50 },
};

const ROOTS: McpInputRequest = { method: 'roots/list', params: {} };

type Answer = Record<string, unknown>;
const content = (answer: Answer) => (answer.content ?? {}) as Record<string, unknown>;
const sampled = (answer: Answer) => String(content(answer).text ?? '');

/**
 * The 2026-07-28 fixtures of the conformance alpha: multi-round-trip requests (`input_required`,
 * SEP-2322) through `McpContext.input`, and the diagnostic tools of `server-stateless`. On a 2025-era
 * session the same tools send their requests to the client instead.
 */
@Injectable()
export class ConformanceInputTools {
  @McpTool({ name: 'test_input_required_result_elicitation', description: 'Asks the user for their name (MRTR)' })
  async elicitation(_args: object, ctx: McpContext): Promise<string> {
    const { user_name } = await ctx.input({ user_name: ask('What is your name?', 'name') });
    return `Hello, ${content(user_name).name}!`;
  }

  @McpTool({ name: 'test_input_required_result_sampling', description: 'Asks the client LLM a question (MRTR)' })
  async sampling(_args: object, ctx: McpContext): Promise<string> {
    const { capital_question } = await ctx.input({ capital_question: CAPITAL_QUESTION });
    return `LLM response: ${sampled(capital_question)}`;
  }

  @McpTool({ name: 'test_input_required_result_list_roots', description: "Reads the client's roots (MRTR)" })
  async listRoots(_args: object, ctx: McpContext): Promise<string> {
    const { client_roots } = await ctx.input({ client_roots: ROOTS });
    const roots = (client_roots.roots as { uri: string }[]).map((root) => root.uri);
    return `Client roots: ${roots.join(', ')}`;
  }

  @McpTool({ name: 'test_input_required_result_request_state', description: 'Round-trips a signed requestState' })
  async requestState(_args: object, ctx: McpContext): Promise<string> {
    const { confirm } = await ctx.input({ confirm: ask('Please confirm', 'ok', 'boolean') });
    return `${ctx.resumed ? 'state-ok' : 'state-missing'}: confirmed=${content(confirm).ok}`;
  }

  @McpTool({ name: 'test_input_required_result_multiple_inputs', description: 'Asks three things in one round' })
  async multipleInputs(_args: object, ctx: McpContext): Promise<string> {
    const answers = await ctx.input({
      user_name: ask('What is your name?', 'name'),
      greeting: GREETING,
      client_roots: ROOTS,
    });
    return `Hello ${content(answers.user_name).name}; ${sampled(answers.greeting)}; ${(answers.client_roots.roots as unknown[]).length} root(s)`;
  }

  @McpTool({ name: 'test_input_required_result_multi_round', description: 'Asks in two rounds, one after the other' })
  async multiRound(_args: object, ctx: McpContext): Promise<string> {
    const { step1 } = await ctx.input({ step1: ask('Step 1: What is your name?', 'name') });
    const { step2 } = await ctx.input({ step2: ask('Step 2: What is your favorite color?', 'color') });
    return `${content(step1).name} likes ${content(step2).color}`;
  }

  @McpTool({ name: 'test_input_required_result_tampered_state', description: 'Refuses an altered requestState' })
  async tamperedState(_args: object, ctx: McpContext): Promise<string> {
    const { confirm } = await ctx.input({ confirm: ask('Please confirm', 'ok', 'boolean') });
    return `confirmed=${content(confirm).ok}`;
  }

  @McpTool({
    name: 'test_input_required_result_capabilities',
    description: 'Asks only for what the client declared',
  })
  async capabilities(_args: object, ctx: McpContext): Promise<string> {
    const declared = ctx.clientCapabilities;
    const requests: Record<string, McpInputRequest> = {};
    if (declared.elicitation) requests.user_name = ask('What is your name?', 'name');
    if (declared.sampling) requests.capital_question = CAPITAL_QUESTION;
    if (Object.keys(requests).length === 0) return 'The client declared neither elicitation nor sampling';
    const answers = await ctx.input(requests);
    return `Answered: ${Object.keys(answers).join(', ')}`;
  }

  @McpTool({ name: 'test_missing_capability', description: 'Needs sampling: refused (-32021) without it' })
  async missingCapability(_args: object, ctx: McpContext): Promise<string> {
    const answer = await ctx.createMessage(CAPITAL_QUESTION.params as never);
    return `LLM response: ${sampled(answer)}`;
  }

  @McpTool({
    name: 'test_streaming_elicitation',
    description: 'Elicits while it runs: MRTR, never a request on the stream',
  })
  async streamingElicitation(_args: object, ctx: McpContext): Promise<string> {
    ctx.progress(0, 1);
    const answer = await ctx.elicit(ask('Continue?', 'ok', 'boolean').params as never);
    return `action=${answer.action}`;
  }

  @McpTool({ name: 'test_logging_tool', description: 'Logs three messages, at the level the request asked for' })
  testLogging(_args: object, ctx: McpContext): string {
    for (const step of ['started', 'working', 'done']) ctx.log('info', `Logging tool ${step}`, 'conformance');
    return 'Logged three messages';
  }

  @McpPrompt({ name: 'test_input_required_result_prompt', description: 'A prompt that asks the user for context' })
  async prompt(_args: Record<string, string>, ctx: McpContext): Promise<string> {
    const { user_context } = await ctx.input({
      user_context: ask('What context should the prompt use?', 'context'),
    });
    return `Use this context: ${content(user_context).context}`;
  }
}
