import { ClientFilters } from '@myko/filter';
import { DispatchHarness } from '../../__fixtures__/dispatch.harness';
import type { ClientContext } from '../../interfaces/client-context.interface';

// biome-ignore lint/suspicious/noExplicitAny: the specs read untyped JSON results
type Json = any;

describe('myko://executions (the caller’s own executions)', () => {
  let harness: DispatchHarness;
  const as = (clientId: string, extra: Partial<ClientContext> = {}): ClientContext => ({
    ...harness.client(),
    clientId,
    ...extra,
  });
  const listed = async (client: ClientContext) =>
    (await harness.result('resources/list', {}, client)).resources.map((r: { uri: string }) => r.uri);
  const read = async (client: ClientContext, uri = 'myko://executions'): Promise<Json> => {
    const { contents } = await harness.result('resources/read', { uri }, client);
    expect(contents[0]).toMatchObject({ uri, mimeType: 'application/json' });
    return JSON.parse(contents[0].text);
  };
  const run = async (client: ClientContext, code: string) => {
    const result = await harness.callTool('execute', { code }, client);
    expect(result.isError).toBeFalsy();
    return result._meta.execution.id as string;
  };

  beforeAll(async () => {
    harness = await DispatchHarness.create();
  });
  afterAll(() => harness.close());

  it('answers each principal its own executions only, newest first, in the summary shape', async () => {
    const a = as('key:aaaa');
    const b = as('key:bbbb');
    const first = await run(a, "await myko.query('Orders'); return 1;");
    const second = await run(a, "await myko.query('Orders'); await myko.query('Orders'); return 2;");
    const theirs = await run(b, "return (await myko.query('Orders')).length;");
    const mine = await read(as('key:aaaa'));
    expect(mine.executions.map((e: Json) => e.id)).toEqual([second, first]);
    expect(mine.next).toBeUndefined();
    expect(mine.executions[0]).toEqual({
      id: second,
      state: 'completed',
      principal: 'key:aaaa',
      sessionId: a.sessionId,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      updatedAt: expect.any(String),
      expiresAt: expect.any(String),
      calls: 2,
    });
    expect((await read(b)).executions.map((e: Json) => e.id)).toEqual([theirs]);
    expect((await read(as('address:10.0.0.9'))).executions).toEqual([]);
  });

  it('filters by state and pages with limit and the next cursor', async () => {
    const c = as('key:cccc');
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push(await run(c, `await myko.query('Orders'); return ${i};`));
    expect((await read(c, 'myko://executions?state=paused')).executions).toEqual([]);
    expect((await read(c, 'myko://executions?state=completed')).executions).toHaveLength(3);
    const page1 = await read(c, 'myko://executions?limit=2');
    const page2 = await read(c, `myko://executions?limit=2&cursor=${page1.next}`);
    expect([...page1.executions, ...page2.executions].map((e: Json) => e.id)).toEqual(ids.reverse());
    expect(page2.next).toBeUndefined();
  });

  it('refuses a bad filter, or naming a principal, as invalid params', async () => {
    const c = as('key:cccc');
    for (const uri of [
      'myko://executions?state=sleeping',
      'myko://executions?limit=0',
      'myko://executions?limit=201',
      'myko://executions?cursor=xyz!',
      'myko://executions?principal=key:aaaa',
      'myko://executions?state=paused&state=failed',
    ]) {
      expect(await harness.error('resources/read', { uri }, c)).toMatchObject({ code: -32602 });
    }
  });

  it('is served only in Code Mode, to a client that sees execute', async () => {
    const denied = as('key:aaaa', { filters: DispatchHarness.filters({ 'visibility-deny': 'execute' }) });
    const direct = as('key:aaaa', { toolMode: 'direct', filters: ClientFilters.ALLOW_ALL });
    expect(await listed(as('key:aaaa'))).toContain('myko://executions');
    for (const client of [denied, direct]) {
      expect(await listed(client)).not.toContain('myko://executions');
      expect(await harness.error('resources/read', { uri: 'myko://executions' }, client)).toMatchObject({
        code: -32002,
      });
    }
  });
});
