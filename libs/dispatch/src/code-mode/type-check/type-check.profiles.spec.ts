import { DispatchHarness } from '../../__fixtures__/dispatch.harness';

/** The type check by access profile (`execute.profileTypeChecks`), over the server's `typeCheck`. */
describe('type check per access profile', () => {
  let harness: DispatchHarness;
  // `orders` has no `total`: undefined at run time, a type error before it.
  const code = "const o = await myko.query('GetOrders', { customerId: 7 });\nreturn o.total;";
  const as = (principal?: string) => ({ ...harness.client(), ...(principal ? { principal } : {}) });

  beforeAll(async () => {
    // One strike starts a cooldown: a refusal that counted as one would refuse the next script.
    const abuseBackoff = { strikes: 1, windowMs: 60_000, cooldownMs: 60_000 };
    harness = await DispatchHarness.create({
      execute: { typeCheck: 'off', profileTypeChecks: { agents: 'strict' }, abuseBackoff },
    });
  });
  afterAll(() => harness.close());

  it("refuses a faulty script of a strict profile's client before it runs, and runs it for the others", async () => {
    const strict = await harness.callTool('execute', { code }, as('agents'));
    expect(strict.isError).toBe(true);
    expect(strict.content[0].text).toMatch(/^Type check failed \(nothing ran\):\n2:10 Property 'total' does not exist/);
    const other = await harness.callTool('execute', { code }, as('support'));
    // It ran: the result, with its execution (it called an operation) in `_meta`.
    expect(other).toEqual({
      content: [{ type: 'text', text: 'null' }],
      _meta: { execution: { id: expect.stringMatching(/^ex_/), state: 'completed' } },
    });
    const keyless = await harness.callTool('execute', { code }, as());
    expect(keyless.isError).toBeUndefined();
  });

  it('is not a sandbox strike: the same client runs its next script', async () => {
    const client = as('agents');
    for (let i = 0; i < 3; i++) expect((await harness.callTool('execute', { code }, client)).isError).toBe(true);
    expect(await harness.callTool('execute', { code: 'return 1;' }, client)).toEqual({
      content: [{ type: 'text', text: '1' }],
    });
  });
});
