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
type Mode = 'strict' | 'warn' | 'off';

/** A read, a price change, then restocks whose quantity is a misspelled field (`undefined`): fails after a write. */
const FAULTY = `const low = await myko.report('LowStock', { warehouseCode: 'BER', limit: 2 });
await myko.command('UpdateProductPrice', { productId: 1, unitPriceCents: 1234 });
for (const row of low) {
  await myko.command('RestockProduct', { productId: row.productId, warehouseCode: 'BER', quantity: row.suggestedQuantity });
}
return low.length;`;

/** What a refusal lists for an unknown field of a LowStock row (issue 41: a refusal teaches). */
const LOW_STOCK_FIELDS =
  'productId, sku, productName, category, warehouseCode, onHand, reserved, available, reorderPoint, suggestedReorderQuantity, active';

interface Served {
  server: TestServer;
  snapshot(): string;
  close(): Promise<void>;
}

async function serve(typeCheck: Mode): Promise<Served> {
  const dir = mkdtempSync(join(tmpdir(), 'myko-type-check-'));
  const databasePath = join(dir, 'myko.db');
  const config = createAppConfig('serve', { host: '127.0.0.1', port: 0, databasePath }, {});
  const server = await startTestServer({ ...config, dispatch: { ...config.dispatch, execute: { typeCheck } } });
  const snapshot = () => {
    const db = new Database(databasePath, { readonly: true, fileMustExist: true });
    try {
      const tables = ['products', 'stock_levels', 'stock_movements', 'orders', 'customers'];
      const rows = tables.map((table) => db.prepare(`SELECT * FROM ${table} ORDER BY rowid`).all());
      return createHash('sha256').update(JSON.stringify(rows)).digest('hex');
    } finally {
      db.close();
    }
  };
  return {
    server,
    snapshot,
    close: async () => {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const servers: Partial<Record<Mode, Served>> = {};
const clients: Client[] = [];
beforeAll(async () => {
  for (const mode of ['strict', 'warn', 'off'] as const) servers[mode] = await serve(mode);
});
afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  for (const served of Object.values(servers)) await served?.close();
});

async function execute(mode: Mode, code: string, headers?: Record<string, string>): Promise<Json> {
  const client = new Client({ name: 'type-check-e2e', version: '1.0.0' });
  clients.push(client);
  const url = servers[mode]?.server.httpUrl as URL;
  await client.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers } }));
  return client.callTool({ name: 'execute', arguments: { code } });
}

describe("execute's type check over HTTP (SDK 1.x)", () => {
  it('strict: a faulty script is refused with its line and the expected type; nothing ran', async () => {
    const served = servers.strict as Served;
    const before = served.snapshot();
    const result = await execute('strict', FAULTY);
    expect(result.isError).toBe(true);
    expect(result.content[0].text).toBe(
      "Type check failed (nothing ran):\n4:104 Property 'suggestedQuantity' does not exist on type 'LowStockRow'. " +
        `Its fields: ${LOW_STOCK_FIELDS}. Did you mean 'suggestedReorderQuantity'?`,
    );
    expect(served.snapshot()).toBe(before);
  });

  it('strict: a valid script runs, its answer unchanged', async () => {
    const result = await execute('strict', "const w = await myko.query('ListWarehouses');\nreturn w.length;");
    expect(result.isError).toBeFalsy();
    expect(result.content).toEqual([{ type: 'text', text: '4' }]);
  });

  it('strict: a hidden operation is reported exactly like a missing one', async () => {
    const headers = { [FILTER_HEADERS.visibilityDeny]: 'command_UpdateProductPrice' };
    const hidden = await execute('strict', "await myko.command('UpdateProductPrice', { productId: 1 });", headers);
    const missing = await execute('strict', "await myko.command('UpdateProductPrize', { productId: 1 });", headers);
    const text = (result: Json) => result.content[0].text.replace(/UpdateProductPri[cz]e/, 'X');
    expect(hidden.isError && missing.isError).toBe(true);
    expect(text(hidden)).toBe(text(missing));
    expect(text(hidden)).toMatch(/^Type check failed \(nothing ran\):\n1:21 Unknown operation: command_X/);
  });

  it('warn: the script runs and the diagnostics come back beside the result', async () => {
    const served = servers.warn as Served;
    const before = served.snapshot();
    const result = await execute('warn', "const low = await myko.report('LowStock');\nreturn low.map((r) => r.SKU);");
    expect(result.isError).toBeFalsy();
    expect(result.content[1].text).toBe(
      `type check:\n2:25 Property 'SKU' does not exist on type 'LowStockRow'. Did you mean 'sku'? Its fields: ${LOW_STOCK_FIELDS}.`,
    );
    expect(JSON.parse(result.content[0].text)).toEqual(expect.arrayContaining([null]));
    expect(served.snapshot()).toBe(before);
  });

  it('warn: the diagnostics also come back as data in _meta.typeCheck, with the expected type', async () => {
    const code = "const low = await myko.report('LowStock', { limit: 1 });\nreturn low.map((r) => r.SKU);";
    const result = await execute('warn', code);
    expect(result.isError).toBeFalsy();
    expect(result._meta?.typeCheck).toEqual({
      mode: 'warn',
      diagnostics: [
        {
          line: 2,
          column: 25,
          message: `Property 'SKU' does not exist on type 'LowStockRow'. Did you mean 'sku'? Its fields: ${LOW_STOCK_FIELDS}.`,
          expected: 'LowStockRow',
        },
      ],
    });
    const clean = await execute('warn', "const low = await myko.report('LowStock');\nreturn low.length;");
    expect(clean._meta?.typeCheck).toBeUndefined();
  });

  it('strict: a refusal carries the same data, an argument of the wrong type with the type expected', async () => {
    const result = await execute('strict', "await myko.report('LowStock', { warehouseCode: 'BER', limit: '5' });");
    expect(result.isError).toBe(true);
    expect(result._meta?.typeCheck).toEqual({
      mode: 'strict',
      diagnostics: [
        { line: 1, column: 55, message: "Type 'string' is not assignable to type 'number'.", expected: 'number' },
      ],
    });
  });

  it('off: the faulty script runs as today, its commands and all', async () => {
    const served = servers.off as Served;
    const before = served.snapshot();
    const result = await execute('off', FAULTY);
    expect(result.isError).toBe(true);
    expect(result.content[0].text).toMatch(/quantity: required argument is missing[\s\S]*UpdateProductPrice/);
    expect(served.snapshot()).not.toBe(before);
  });
});
