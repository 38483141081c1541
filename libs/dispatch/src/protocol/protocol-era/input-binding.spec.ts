import { ClientFilters } from '@myko/filter';
import { Command, type OperationContext } from '@myko/registry';
import { Injectable } from '@nestjs/common';
import { DispatchHarness, type Json } from '../../__fixtures__/dispatch.harness';
import type { ClientContext } from '../../interfaces/client-context.interface';

/** A command whose question names the record it will change, which can change between rounds. */
@Injectable()
class AskingOperations {
  target = 1;
  changed: number[] = [];

  @Command({ description: 'Change one record, after asking the user', output: Number })
  async ChangeRecord(_args: object, ctx: OperationContext): Promise<number> {
    const target = this.target;
    const answer = await ctx.elicit?.({
      message: `Change record ${target}?`,
      requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
    });
    if (answer?.action !== 'accept') return -1;
    this.changed.push(target);
    return target;
  }

  @Command({ description: 'Asks two questions, one after the other', output: String })
  async AskTwice(_args: object, ctx: OperationContext): Promise<string> {
    const schema = { type: 'object' as const, properties: { ok: { type: 'boolean' as const } }, required: ['ok'] };
    const first = await ctx.elicit?.({ message: 'First?', requestedSchema: schema });
    const second = await ctx.elicit?.({ message: 'Second?', requestedSchema: schema });
    return `${first?.action}/${second?.action}`;
  }
}

const META = 'io.modelcontextprotocol';
const _meta = { [`${META}/protocolVersion`]: '2026-07-28', [`${META}/clientCapabilities`]: { elicitation: {} } };
const accept = { action: 'accept', content: { ok: true } };
const CHANGE = "return await myko.command('ChangeRecord');";

describe('MRTR answers are bound to the questions the signed state asked', () => {
  let harness: DispatchHarness;
  let operations: AskingOperations;
  const who = (): ClientContext => ({ ...harness.client(ClientFilters.ALLOW_ALL), principal: 'ops' });
  const execute = (code: string, extra: Record<string, unknown> = {}): Promise<Json> =>
    harness.request('tools/call', { name: 'execute', arguments: { code }, ...extra, _meta }, who());

  beforeAll(async () => {
    harness = await DispatchHarness.create({ requestState: { ttlSeconds: 60 } }, [AskingOperations]);
    operations = harness.moduleRef.get(AskingOperations);
  });
  afterAll(() => harness.close());
  beforeEach(() => {
    operations.target = 1;
    operations.changed = [];
  });

  it('asks afresh when the retry asks another question under the same key; the earlier "yes" runs nothing', async () => {
    const first = await execute(CHANGE);
    const [[key, request]] = Object.entries(first.result.inputRequests) as [string, Json][];
    expect(request.params.message).toBe('Change record 1?');
    operations.target = 2;
    const retry = await execute(CHANGE, { inputResponses: { [key]: accept }, requestState: first.result.requestState });
    expect(retry.result).toMatchObject({ resultType: 'input_required' });
    expect(retry.result.inputRequests[key].params.message).toBe('Change record 2?');
    expect(operations.changed).toEqual([]);
    const answered = await execute(CHANGE, {
      inputResponses: { [key]: accept },
      requestState: retry.result.requestState,
    });
    expect(answered.result.resultType).toBe('complete');
    expect(operations.changed).toEqual([2]);
  });

  it('refuses answers on a first request (no requestState: nothing was asked), before anything runs', async () => {
    const answer = await execute(CHANGE, { inputResponses: { 'elicitation-create-1': accept } });
    expect(answer.error).toMatchObject({ code: -32602, message: /"elicitation-create-1".*did not ask/ });
    expect(operations.changed).toEqual([]);
  });

  it('refuses answers to keys the state did not ask, without spending the state', async () => {
    const first = await execute(CHANGE);
    const [key] = Object.keys(first.result.inputRequests);
    const requestState = first.result.requestState;
    const extra = await execute(CHANGE, {
      inputResponses: { [key]: accept, 'elicitation-create-2': accept },
      requestState,
    });
    expect(extra.error).toMatchObject({ code: -32602, message: /"elicitation-create-2"/ });
    expect(operations.changed).toEqual([]);
    const retry = await execute(CHANGE, { inputResponses: { [key]: accept }, requestState });
    expect(retry.result.resultType).toBe('complete');
    expect(operations.changed).toEqual([1]);
  });

  it('keeps an answer bound over later rounds: a multi-round request completes with both answers', async () => {
    const code = "return await myko.command('AskTwice');";
    const first = await execute(code);
    const [one] = Object.keys(first.result.inputRequests);
    const second = await execute(code, { inputResponses: { [one]: accept }, requestState: first.result.requestState });
    const [two] = Object.keys(second.result.inputRequests);
    expect(two).not.toBe(one);
    const done = await execute(code, {
      inputResponses: { [two]: { action: 'decline' } },
      requestState: second.result.requestState,
    });
    expect(JSON.parse(done.result.content[0].text)).toBe('accept/decline');
  });
});
