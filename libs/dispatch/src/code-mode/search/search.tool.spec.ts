import { ClientFilters } from '@myko/filter';
import { DispatchHarness } from '../../__fixtures__/dispatch.harness';
import { ScriptDiscovery } from '../execute/script-discovery';
import { OperationSearchService } from './operation-search.service';

const ids = (result: { operations: { id: string }[] }) => result.operations.map((op) => op.id);

describe('search tool', () => {
  let harness: DispatchHarness;
  let everything: number;

  beforeAll(async () => {
    harness = await DispatchHarness.create();
    everything = (await harness.search({ limit: 100 })).total;
  });
  afterAll(() => harness.close());

  it('answers the notation as text and the same page as JSON in structuredContent', async () => {
    const result = await harness.callTool('search', { query: 'revenue' });
    expect(result.structuredContent).toEqual({
      operations: [
        {
          id: 'Revenue',
          kind: 'report',
          description: 'Revenue from paid orders',
          signature: 'report Revenue(): number',
        },
      ],
      total: 1,
    });
    expect(result.content[0].text).toBe('1 of 1 match\n// Revenue from paid orders\nreport Revenue(): number');
  });

  it('answers an exact id alone, in full, and continues the ranking with the cursor', async () => {
    const exact = await harness.search({ query: 'orders' });
    expect(exact.operations).toEqual([
      { id: 'Orders', kind: 'query', description: 'Every order', signature: 'query Orders(): Order[]' },
    ]);
    expect(exact.types).toEqual({ Order: "{ id: string; customerId: number; status: 'open' | 'paid' }" });
    const rest = await harness.search({ query: 'orders', cursor: exact.nextCursor });
    expect(exact.total).toBe(1 + rest.operations.length);
    expect(ids(rest)).toEqual(expect.arrayContaining(['OrdersByStatus', 'GetOrders', 'Revenue', 'CancelOrder']));
    expect(rest.operations.every((op: { signature?: string }) => op.signature === undefined)).toBe(true);
  });

  it('ranks operations matching every word above those matching some', async () => {
    const result = ids(await harness.search({ query: 'order customer' }));
    expect(result.slice(0, 2).sort()).toEqual(['GetOrders', 'PlaceOrder']);
    expect(result.length).toBeGreaterThan(2);
    expect(ids(await harness.search({ query: 'orders salaries' }))).toContain('SecretSalaries');
  });

  it('matches camelCase parts of the id, argument names and prefixes, case-insensitively', async () => {
    expect(ids(await harness.search({ query: 'status' }))[0]).toBe('OrdersByStatus');
    expect(ids(await harness.search({ query: 'ByStatus' }))[0]).toBe('OrdersByStatus');
    expect(
      ids(await harness.search({ query: 'customerId' }))
        .slice(0, 2)
        .sort(),
    ).toEqual(['GetOrders', 'PlaceOrder']);
    expect(
      ids(await harness.search({ query: 'cust' }))
        .slice(0, 2)
        .sort(),
    ).toEqual(['GetOrders', 'PlaceOrder']);
    expect(ids(await harness.search({ query: 'GETORDERS' }))[0]).toBe('GetOrders');
    expect(ids(await harness.search({ query: 'warehouse' }))).toEqual(['StockLevels']);
  });

  it('narrows by kind', async () => {
    const result = await harness.search({ kind: 'command' });
    expect(ids(result)).toEqual(['CancelOrder', 'PlaceOrder', 'Tick']);
    expect(result.operations.every((op: { kind: string }) => op.kind === 'command')).toBe(true);
    expect(ids(await harness.search({ query: 'orders', kind: 'report' }))).toEqual(['Revenue']);
  });

  it('pages with limit and an opaque cursor, counting every match in total', async () => {
    const seen: string[] = [];
    let page = await harness.search({ limit: 4 });
    seen.push(...ids(page));
    while (page.nextCursor) {
      expect(page.operations).toHaveLength(4);
      page = await harness.search({ limit: 4, cursor: page.nextCursor });
      expect(page.total).toBe(everything);
      seen.push(...ids(page));
    }
    expect(seen).toEqual(ids(await harness.search({ limit: 100 })));
    expect(new Set(seen).size).toBe(everything);
  });

  it('defaults to 20 results', async () => {
    const { operations } = await harness.search({});
    expect(operations.length).toBe(Math.min(20, everything));
  });

  it('refuses a cursor from another search as a tool execution error', async () => {
    const { nextCursor } = await harness.search({ limit: 1 });
    const other = await harness.callTool('search', { query: 'orders', limit: 1, cursor: nextCursor });
    expect(other.isError).toBe(true);
    expect(other.content[0].text).toContain('Invalid cursor');
    const garbage = await harness.callTool('search', { cursor: '!!not-a-cursor' });
    expect(garbage.isError).toBe(true);
  });

  it('gives the TypeScript declaration and JSON Schemas with detail "full", as JSON text', async () => {
    const { operations } = await harness.search({ query: 'GetOrders', detail: 'full' });
    const [op] = operations;
    expect(op.declaration).toBe(
      "myko.query('GetOrders', args: { customerId: number; limit?: number }): Promise<Order[]>",
    );
    expect(op.inputSchema).toMatchObject({ type: 'object', properties: { customerId: expect.any(Object) } });
    expect(op.outputSchema).toEqual(expect.any(Object));
    expect(op.args).toEqual([
      { name: 'customerId', tsType: 'number', optional: false, description: 'Customer number' },
      { name: 'limit', tsType: 'number', optional: true },
    ]);
    expect(op.types).toBe("interface Order {\n  id: string;\n  customerId: number;\n  status: 'open' | 'paid';\n}");
    expect(op.output).toBe("Order { id: string; customerId: number; status: 'open' | 'paid' }[]");
    const full = await harness.callTool('search', { query: 'GetOrders', detail: 'full' });
    expect(full.content[0].text).toBe(JSON.stringify(full.structuredContent));
    const page = await harness.search({ query: 'GetOrders' });
    expect(page.operations[0]).toEqual({
      id: 'GetOrders',
      kind: 'query',
      description: 'Orders of a customer, newest first',
      signature: 'query GetOrders(args: { customerId: number; limit?: number }): Order[]',
    });
  });

  it('renders operations without arguments without an args parameter', async () => {
    const { operations } = await harness.search({ query: 'Tick', detail: 'full' });
    expect(operations[0].declaration).toBe("myko.command('Tick'): Promise<number>");
  });

  it('never shows or counts hidden operations', async () => {
    const client = harness.client(DispatchHarness.filters({ 'visibility-deny': 'query_SecretSalaries,command_*' }));
    const nothing = await harness.search({ query: 'salaries' }, client);
    expect(nothing).toMatchObject({ operations: [], total: 0, suggestions: [] });
    expect(nothing.hint).toContain(`list all ${everything - 4}.`);
    const near = await harness.search({ query: 'salarys' }, client);
    expect(JSON.stringify(near)).not.toContain('Salaries');
    expect(ids(await harness.search({ query: 'salarys' }))).toEqual(['SecretSalaries']);
    const all = await harness.search({ limit: 100 }, client);
    expect(all.total).toBe(everything - 4);
    expect(ids(all)).not.toContain('SecretSalaries');
    expect(all.operations.some((op: { kind: string }) => op.kind === 'command')).toBe(false);
  });

  it('refuses a query over 10,000 characters, naming the limit, as a tool error and in myko.search', async () => {
    const refused = await harness.callTool('search', { query: 'orders '.repeat(1_429) });
    expect(refused.isError).toBe(true);
    expect(refused.content[0].text).toContain('`query` must be at most 10,000 characters');
    const longest = `${'orders '.repeat(1_428)}list`;
    expect(longest).toHaveLength(10_000);
    expect(ids(await harness.search({ query: longest }))[0]).toBe('Orders');
    const emoji = await harness.callTool('search', { query: `orders ${'🛒'.repeat(9_993)}` });
    expect(emoji.isError).toBeUndefined();
    const discovery = new ScriptDiscovery(harness.moduleRef.get(OperationSearchService), ClientFilters.ALLOW_ALL);
    expect(() => discovery.search('x'.repeat(10_001), '')).toThrow('at most 10,000 characters');
  });

  it('declares the query limit in its input schema', async () => {
    const { tools } = await harness.result('tools/list');
    const search = tools.find((tool: { name: string }) => tool.name === 'search');
    expect(search.inputSchema.properties.query).toEqual({ type: 'string', maxLength: 10_000 });
  });
});
