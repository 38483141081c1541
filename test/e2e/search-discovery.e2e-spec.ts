import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { accessTransport, callJson, callText, startAccessServer, writeAccessConfig } from '../helpers/access-fixtures';
import { connectClient } from '../helpers/mcp-client';
import { releaseAll } from '../helpers/releases';
import type { TestServer } from '../helpers/test-server';

/** Discovery for agents over the real server and the SDK client: myko.search/describe, did-you-mean, suggestions. */
describe('search and discovery as an agent uses them', () => {
  let server: TestServer;
  let support: Client;
  let ops: Client;

  const run = (client: Client, code: string) => callText(client, 'execute', { code });

  beforeAll(async () => {
    const fixture = writeAccessConfig();
    server = await startAccessServer(fixture.path);
    const target = { server, configPath: fixture.path };
    support = await connectClient(accessTransport('http', target, { profile: 'support' }));
    ops = await connectClient(
      accessTransport('http', target, {
        profile: 'ops',
        filters: { callableDeny: '{"search": {"kind": ["report"]}}' },
      }),
    );
  });
  afterAll(() =>
    releaseAll(
      () => Promise.all([support.close(), ops.close()]),
      () => server.close(),
    ),
  );

  it('myko.search and myko.describe inside execute answer like the tool, under the same filters', async () => {
    const found = await run(
      ops,
      // This client may not search reports (a deny on \`kind\`), so it names the kind it searches.
      `const page = await myko.search('cancel an order', { limit: 3, kind: 'command' });
       const detail = await myko.describe('CancelOrder');
       const [first] = page.operations;
       return { first: first.id, signature: first.signature, total: page.total, declaration: detail.declaration, types: detail.types };`,
    );
    expect(found.isError).toBe(false);
    const value = JSON.parse(found.text);
    expect(value.first).toBe('CancelOrder');
    expect(value.signature).toMatch(/^command CancelOrder\(args: \{ orderId: number; .*\}\): OrderDetail$/);
    expect(value.declaration).toMatch(/^myko\.command\('CancelOrder', args: \{ orderId: number/);
    expect(value.types).toContain('interface OrderDetail {');
    const tool = await callJson<{ total: number }>(ops, 'search', {
      query: 'cancel an order',
      limit: 3,
      kind: 'command',
    });
    expect(value.total).toBe(tool.total);

    const hidden = await run(
      support,
      `const page = await myko.search('cancel order', { kind: 'command' });
       let described;
       try { await myko.describe('command_CancelOrder'); } catch (error) { described = error.message; }
       return { page, described };`,
    );
    const { page, described } = JSON.parse(hidden.text);
    expect(page).toMatchObject({ operations: [], total: 0 });
    expect(JSON.stringify(page)).not.toContain('CancelOrder"');
    expect(described).toMatch(/^Unknown operation: command_CancelOrder/);
    expect(described).not.toContain('myko.command(');

    const refused = await run(ops, `return await myko.search('sales', { kind: 'report' });`);
    expect(refused.isError).toBe(true);
    expect(refused.text).toContain('CallRefusedError');
    // Leaving the denied argument out would search reports too: refused as well, in a script and as a tool.
    const omitted = await run(ops, `return await myko.search('sales');`);
    expect(omitted.text).toContain('CallRefusedError');
    const omittedTool = await ops.callTool({ name: 'search', arguments: { query: 'sales' } });
    expect(omittedTool.isError).toBe(true);
  });

  it('names the closest visible operation for an unknown one: another kind, a near spelling', async () => {
    const wrongKind = await run(support, `return await myko.query('LowStock', { limit: 3 });`);
    expect(wrongKind.isError).toBe(true);
    expect(wrongKind.text).toContain("Unknown operation: query_LowStock. Did you mean myko.report('LowStock')");
    const typo = await run(support, `return await myko.query('ListOrdrs');`);
    expect(typo.text).toContain("Did you mean myko.query('ListOrders')");
    const hiddenNear = await run(support, `return await myko.command('CancelOrdr', { orderId: 1 });`);
    expect(hiddenNear.text).not.toContain("myko.command('CancelOrder')");

    const legacy = await callText(support, 'query_ListOrdrs', {});
    expect(legacy).toMatchObject({ isError: true });
    expect(legacy.text).toContain("Did you mean myko.query('ListOrders')");
    const legacyHidden = await callText(support, 'command_CancelOrdr', {}).catch((error: Error) => ({
      isError: true,
      text: error.message,
    }));
    expect(legacyHidden.text).not.toContain("myko.command('CancelOrder')");
  });

  it('answers a search that matches nothing with visible suggestions and a hint', async () => {
    const result = await callJson<{ total: number; suggestions: { id: string; kind: string }[]; hint: string }>(
      support,
      'search',
      { query: 'cancellation', kind: 'command' },
    );
    expect(result.total).toBe(0);
    expect(result.hint).toMatch(/^No command matches "cancellation"; the closest are of other kinds\. /);
    expect(result.suggestions.length).toBeGreaterThan(0);
    expect(result.suggestions.every((op) => op.kind !== 'command')).toBe(true);
    const text = await callText(support, 'search', { query: 'cancellation', kind: 'command' });
    const [hint, closest, ...lines] = text.text.split('\n');
    expect([hint, closest]).toEqual([result.hint, 'Closest:']);
    expect(lines).toEqual(result.suggestions.map((op) => expect.stringMatching(`^${op.kind} ${op.id}( — |$)`)));
    const typo = await callJson<{ operations: { id: string }[] }>(support, 'search', { query: 'inventroy valuation' });
    expect(typo.operations[0].id).toBe('InventoryValuation');
  });
});
