import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { callJson, callText } from '../helpers/access-fixtures';
import { clientTransport, connectClient } from '../helpers/mcp-client';
import { releaseAll } from '../helpers/releases';
import { startTestServer, type TestServer } from '../helpers/test-server';

interface Section {
  query: string;
  operations: { id: string; signature?: string }[];
  above?: string[];
  total: number;
  nextCursor?: string;
}

/**
 * The two-turn pattern over the real server and the official SDK client: one `search` with
 * `queries` answers every need of a task in sections sharing one type block, nested types included.
 */
describe('search with several queries, as an agent plans a task', () => {
  let server: TestServer;
  let client: Client;

  beforeAll(async () => {
    server = await startTestServer();
    client = await connectClient(clientTransport('http', server));
  });
  afterAll(() =>
    releaseAll(
      () => client.close(),
      () => server.close(),
    ),
  );

  it('answers queries: [...] in one section per query and one types block, result rows declared', async () => {
    const queries = ['inventory value per warehouse', 'InventoryValuation', 'cancel an order'];
    const page = await callJson<{ sections: Section[]; types: Record<string, string> }>(client, 'search', { queries });
    expect(page.sections.map((section) => section.query)).toEqual(queries);
    expect(page.sections[0].operations[0].signature).toMatch(
      /^report InventoryValuation\(.*\): InventoryValuationReport$/,
    );
    expect(page.types.InventoryValuationReport).toContain('rows: ValuationRow[]');
    expect(page.types.ValuationRow).toContain('valueCents: number');
    // The exact id an earlier section showed in full is named only.
    expect(page.sections[1].above).toContain('InventoryValuation');
    expect(page.sections[2].operations[0].id).toBe('CancelOrder');

    const text = await callText(client, 'search', { queries });
    expect(text.isError).toBe(false);
    expect(text.text.match(/^## /gm)).toHaveLength(queries.length + 1);
    expect(text.text).toContain('## "inventory value per warehouse"');
    expect(text.text).toMatch(/^type ValuationRow = \{ .*valueCents: number/m);
    expect(text.text.match(/^type ValuationRow = /gm)).toHaveLength(1);
    expect(text.text).toMatch(/^InventoryValuation.*: above$/m);

    // A section's cursor pages that query on, alone.
    const cursor = page.sections[2].nextCursor;
    expect(cursor).toEqual(expect.any(String));
    const next = await callJson<{ operations: unknown[] }>(client, 'search', { query: 'cancel an order', cursor });
    expect(next.operations.length).toBeGreaterThan(0);
  });

  it('declares the result rows for one query too, and in myko.search inside execute', async () => {
    const text = await callText(client, 'search', { query: 'inventory value per warehouse' });
    expect(text.text).toMatch(/^type ValuationRow = /m);
    const run = await callText(client, 'execute', {
      code: `const page = await myko.search('', { queries: ['inventory value per warehouse', 'cancel an order'] });
             return { queries: page.sections.map((s) => s.query), row: page.types.ValuationRow };`,
    });
    expect(run.isError).toBe(false);
    expect(JSON.parse(run.text)).toEqual({
      queries: ['inventory value per warehouse', 'cancel an order'],
      row: expect.stringContaining('unitsOnHand: number'),
    });
  });

  it('refuses bad queries with a clear error: empty, more than 8, not strings, beside query', async () => {
    const nine = Array.from({ length: 9 }, (_, i) => `orders ${i}`);
    for (const queries of [[], nine, ['orders', 3], 'orders']) {
      const bad = await callText(client, 'search', { queries });
      expect(bad.isError).toBe(true);
      expect(bad.text).toContain('`queries` must be an array of 1 to 8 strings');
    }
    const both = await callText(client, 'search', { query: 'orders', queries: ['orders'] });
    expect(both.text).toContain('give `query` or `queries`, not both');
  });
});
