import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { FILTER_HEADERS } from '@myko/filter';
import Database from 'better-sqlite3';
import { createAppConfig } from '../../src/config/app.config';
import { startTestServer, type TestServer } from '../helpers/test-server';

jest.setTimeout(120_000);

// biome-ignore lint/suspicious/noExplicitAny: the specs read untyped JSON results
type Json = any;

/**
 * Issue 41 items 2 and 3 over the real server (strict type check, SDK 1.x over HTTP): a refusal says what would
 * be right so the next script is the fixed one, a hedge runs, and a hidden operation is never suggested.
 */
describe('a refused execute teaches the fix; a hedge runs (SDK 1.x over HTTP)', () => {
  let server: TestServer;
  let dir: string;
  let databasePath: string;
  const clients: Client[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'myko-teaching-'));
    databasePath = join(dir, 'myko.db');
    const config = createAppConfig('serve', { host: '127.0.0.1', port: 0, databasePath }, {});
    server = await startTestServer({ ...config, dispatch: { ...config.dispatch, execute: { typeCheck: 'strict' } } });
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function execute(code: string, headers?: Record<string, string>): Promise<Json> {
    const client = new Client({ name: 'teaching-e2e', version: '1.0.0' });
    clients.push(client);
    await client.connect(new StreamableHTTPClientTransport(server.httpUrl, { requestInit: { headers } }));
    return client.callTool({ name: 'execute', arguments: { code } });
  }

  function snapshot(): string {
    const db = new Database(databasePath, { readonly: true, fileMustExist: true });
    try {
      const rows = ['products', 'stock_levels', 'stock_movements'].map((t) => db.prepare(`SELECT * FROM ${t}`).all());
      return createHash('sha256').update(JSON.stringify(rows)).digest('hex');
    } finally {
      db.close();
    }
  }

  it('names the field meant and the fields there are; the script fixed with them runs', async () => {
    const before = snapshot();
    const script = (field: string) =>
      `const low = await myko.report('LowStock', { warehouseCode: 'BER', limit: 2 });\n` +
      `for (const r of low) await myko.command('RestockProduct', { productId: r.productId, warehouseCode: 'BER', quantity: r.${field} });\n` +
      'return low.length;';
    const refused = await execute(script('suggestedQuantity'));
    expect(refused.isError).toBe(true);
    const text: string = refused.content[0].text;
    expect(text).toMatch(/^Type check failed \(nothing ran\):\n2:\d+ Property 'suggestedQuantity' does not exist/);
    expect(text).toContain('Its fields: productId, sku,');
    const meant = /Did you mean '(\w+)'\?/.exec(text)?.[1];
    expect(meant).toBe('suggestedReorderQuantity');
    expect(snapshot()).toBe(before);
    const fixed = await execute(script(meant as string));
    expect(fixed.isError).toBeFalsy();
    expect(snapshot()).not.toBe(before);
  });

  it('runs the hedges agents write when unsure of a field', async () => {
    const hedged = [
      "const v = await myko.report('InventoryValuation', { groupBy: 'warehouse' });",
      'const a = v.rows.map((r) => r.warehouseCode ?? r.key ?? r.group);',
      "const b = v.rows.map((r) => ('group' in r ? r.group : r.key));",
      'const c = v.rows.map(({ key, label = key }) => label);',
      "const d = v.rows.map((r) => (Object.hasOwn(r, 'code') ? r.code : r.key) || r.name);",
      'return [a, b, c, d];',
    ].join('\n');
    const result = await execute(hedged);
    expect(result.isError).toBeFalsy();
    const [a, b, c, d] = JSON.parse(result.content[0].text);
    expect(a.length).toBeGreaterThan(0);
    expect([b, c, d]).toEqual([a, a, a]);
  });

  it('suggests an operation one letter off only to a client that can see it', async () => {
    const typo = "return (await myko.report('TopCustomer', { limit: 3 })).length;";
    const seen = await execute(typo);
    expect(seen.content[0].text).toContain("myko.report('TopCustomers'");
    const hidden = await execute(typo, { [FILTER_HEADERS.visibilityDeny]: 'report_TopCustomers' });
    expect(hidden.isError).toBe(true);
    expect(hidden.content[0].text).toMatch(/Unknown operation: report_TopCustomer\b/);
    expect(hidden.content[0].text).not.toContain('TopCustomers');
  });

  it('says an id belongs to another kind', async () => {
    const result = await execute("return (await myko.query('LowStock')).length;");
    expect(result.isError).toBe(true);
    expect(result.content[0].text).toContain("LowStock is a report, not a query: call myko.report('LowStock', …).");
  });
});
