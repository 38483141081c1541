import { ClientFilters } from '@myko/filter';
import { Command, type OperationContext } from '@myko/registry';
import { Injectable } from '@nestjs/common';
import { DispatchHarness, type Json } from '../../__fixtures__/dispatch.harness';
import type { ClientContext } from '../../interfaces/client-context.interface';
import { modernHttpStatus } from './era-http-status';
import { RequestStateCodec } from './request-state.codec';

/** A command that confirms with the user before it changes anything (the MRTR case inside `execute`). */
@Injectable()
class ConfirmedOperations {
  confirmed = 0;

  @Command({ description: 'Count one confirmed tick, after asking the user', output: Number })
  async ConfirmedTick(_args: object, ctx: OperationContext): Promise<number> {
    const answer = await ctx.elicit?.({
      message: 'Really tick?',
      requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
    });
    if (answer?.action !== 'accept') return -1;
    return ++this.confirmed;
  }
}

const META = 'io.modelcontextprotocol';
const envelope = (capabilities: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) => ({
  [`${META}/protocolVersion`]: '2026-07-28',
  [`${META}/clientCapabilities`]: capabilities,
  ...extra,
});
const ELICITATION = { elicitation: {} };
const accept = { action: 'accept', content: { ok: true } };

describe('protocol eras in dispatch', () => {
  let harness: DispatchHarness;
  let confirmed: ConfirmedOperations;
  const client = (principal?: string, filters = ClientFilters.ALLOW_ALL): ClientContext => ({
    ...harness.client(filters),
    principal,
  });
  const modern = (method: string, params: Record<string, unknown> = {}, caps = {}, who = client()) =>
    harness.request(method, { ...params, _meta: envelope(caps) }, who);
  const execute = (code: string, extra: Record<string, unknown> = {}, who = client()) =>
    modern('tools/call', { name: 'execute', arguments: { code }, ...extra }, ELICITATION, who);

  beforeAll(async () => {
    harness = await DispatchHarness.create({ requestState: { ttlSeconds: 60 } }, [ConfirmedOperations]);
    confirmed = harness.moduleRef.get(ConfirmedOperations);
  });
  afterAll(() => harness.close());

  it('serves a request with the 2026-07-28 _meta statelessly, with resultType, serverInfo and caching', async () => {
    const response: Json = await modern('tools/list');
    expect(response.result).toMatchObject({ resultType: 'complete', ttlMs: 60000, cacheScope: 'private' });
    expect(response.result._meta[`${META}/serverInfo`]).toMatchObject({ name: 'myko-nest' });
    expect(response.result.tools.map((t: Json) => t.name)).toEqual(['search', 'execute']);
  });

  it('answers server/discover with both eras and refuses removed methods as unknown (404)', async () => {
    const discover: Json = await modern('server/discover');
    expect(discover.result.supportedVersions).toEqual(expect.arrayContaining(['2026-07-28', '2025-11-25']));
    for (const method of ['initialize', 'ping', 'logging/setLevel', 'resources/subscribe']) {
      const removed = await modern(method);
      expect(removed).toMatchObject({ error: { code: -32601 } });
      expect(modernHttpStatus(removed)).toBe(404);
    }
  });

  it('refuses a broken envelope with the revision codes, each answered with HTTP 400', async () => {
    const missing = await harness.request(
      'tools/list',
      { _meta: { [`${META}/protocolVersion`]: '2026-07-28' } },
      client(),
    );
    expect(missing).toMatchObject({ error: { code: -32602 } });
    expect(modernHttpStatus(missing)).toBe(400);
    const unsupported = await harness.request(
      'tools/list',
      { _meta: envelope({}, { [`${META}/protocolVersion`]: '2099-01-01' }) },
      client(),
    );
    expect(unsupported).toMatchObject({ error: { code: -32022, data: { requested: '2099-01-01' } } });
    expect(modernHttpStatus(unsupported)).toBe(400);
  });

  it('numbers resource-not-found -32602 for modern requests and keeps -32002 for sessions', async () => {
    const uri = 'myko://schema/query/Nope';
    expect(await modern('resources/read', { uri })).toMatchObject({ error: { code: -32602, data: { uri } } });
    const legacy = harness.client();
    await harness.initialize(legacy);
    expect(await harness.error('resources/read', { uri }, legacy)).toMatchObject({ code: -32002 });
  });

  it('applies the filters and the principal of each stateless request', async () => {
    const narrow = client('support', DispatchHarness.filters({ 'visibility-deny': 'command_*,report_*,view_*' }));
    const found: Json = await modern('tools/call', { name: 'search', arguments: { query: 'order' } }, {}, narrow);
    const ids = found.result.structuredContent.operations.map((r: Json) => `${r.kind}_${r.id}`);
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.every((id: string) => id.startsWith('query_'))).toBe(true);
    const refused: Json = await modern(
      'tools/call',
      { name: 'execute', arguments: { code: "return await myko.command('Tick');" } },
      {},
      narrow,
    );
    expect(refused.result.isError).toBe(true);
    expect(refused.result.content[0].text).toMatch(/Tick/);
  });

  describe('an execute whose command asks the user (MRTR)', () => {
    const script =
      "const a = await myko.command('Tick'); const b = await myko.command('ConfirmedTick'); return [a, b];";

    it('ends its round with input_required, then finishes on the retry with every command run once', async () => {
      const ticks = harness.shop.ticks;
      const first: Json = await execute(script);
      expect(first.result).toMatchObject({ resultType: 'input_required' });
      expect(Object.values(first.result.inputRequests)).toEqual([
        expect.objectContaining({ method: 'elicitation/create' }),
      ]);
      expect(harness.shop.ticks).toBe(ticks + 1);
      const [key] = Object.keys(first.result.inputRequests);
      const done: Json = await execute(script, {
        inputResponses: { [key]: accept },
        requestState: first.result.requestState,
      });
      expect(done.result.resultType).toBe('complete');
      expect(JSON.parse(done.result.content[0].text)).toEqual([ticks + 1, confirmed.confirmed]);
      // Tick ran in round one and was replayed from the signed journal, not run again.
      expect(harness.shop.ticks).toBe(ticks + 1);
    });

    it('refuses a tampered requestState, and one bound to another principal or request', async () => {
      const first: Json = await execute(script, {}, client('ops'));
      const state: string = first.result.requestState;
      const [key] = Object.keys(first.result.inputRequests);
      const retry = (requestState: string, who = client('ops'), code = script) =>
        execute(code, { inputResponses: { [key]: accept }, requestState }, who);
      const flipped = `${state.slice(0, 10)}${state[10] === 'A' ? 'B' : 'A'}${state.slice(11)}`;
      const before = { ticks: harness.shop.ticks, confirmed: confirmed.confirmed };
      expect(await retry(flipped)).toMatchObject({ error: { code: -32602, message: /signature/ } });
      expect(await retry(state, client('support'))).toMatchObject({ error: { message: /another client/ } });
      expect(await retry(state, client('ops'), `${script} // other`)).toMatchObject({
        error: { message: /different request/ },
      });
      expect({ ticks: harness.shop.ticks, confirmed: confirmed.confirmed }).toEqual(before);
    });

    it('refuses an expired requestState', async () => {
      const later = new RequestStateCodec('k'.repeat(32), 1000, () => Date.now() - 5000);
      const sealed = later.seal({ answers: {}, journal: [] }, { principal: '', identity: '', digest: 'd' });
      expect(() => later.open(sealed, { principal: '', identity: '', digest: 'd' })).not.toThrow();
      const now = new RequestStateCodec('k'.repeat(32), 1000);
      expect(() => now.open(sealed, { principal: '', identity: '', digest: 'd' })).toThrow(/expired/);
    });

    it('never sends an input request for a capability the request did not declare (-32021)', async () => {
      const response = await modern('tools/call', { name: 'execute', arguments: { code: script } }, {});
      expect(response).toMatchObject({ error: { code: -32021, data: { requiredCapabilities: { elicitation: {} } } } });
      expect(modernHttpStatus(response)).toBe(400);
    });
  });

  it('acknowledges subscriptions/listen first, tags it, and ends with no answer when cancelled', async () => {
    const sent: Json[] = [];
    const who: ClientContext = { ...harness.client(ClientFilters.ALLOW_ALL, sent) };
    const uri = 'myko://schema/query/GetOrders';
    const listening = harness.dispatch.handle(
      {
        jsonrpc: '2.0',
        id: 'sub-1',
        method: 'subscriptions/listen',
        params: {
          _meta: envelope(),
          notifications: { toolsListChanged: true, resourceSubscriptions: [uri, 'x://no'] },
        },
      },
      who,
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(sent[0]).toMatchObject({
      method: 'notifications/subscriptions/acknowledged',
      params: { notifications: { resourceSubscriptions: [uri] }, _meta: { [`${META}/subscriptionId`]: 'sub-1' } },
    });
    expect(harness.dispatch.cancel(who.sessionId, 'sub-1', 'closed')).toBe(true);
    expect(await listening).toBeUndefined();
  });
});

describe.each([
  ['modern-only', { initialize: -32601, discover: 'result', legacyList: -32602 }],
  ['legacy-only', { initialize: 'result', discover: -32601, legacyList: 'result' }],
] as const)('protocol: %s', (protocol, expected) => {
  let harness: DispatchHarness;
  beforeAll(async () => {
    harness = await DispatchHarness.create({ protocol });
  });
  afterAll(() => harness.close());

  const outcome = (response: Json) => ('result' in response ? 'result' : response.error.code);

  it('serves only its era', async () => {
    const initialize = await harness.request('initialize', {
      protocolVersion: '2025-11-25',
      capabilities: {},
      clientInfo: { name: 'spec', version: '1' },
    });
    expect(outcome(initialize)).toBe(expected.initialize);
    expect(outcome(await harness.request('server/discover', { _meta: envelope() }))).toBe(expected.discover);
    expect(outcome(await harness.request('tools/list', {}))).toBe(expected.legacyList);
  });
});
