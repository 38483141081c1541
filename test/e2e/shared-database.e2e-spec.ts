import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import Database from 'better-sqlite3';
import { SCHEMA_MIGRATIONS } from '../../plugins/database/schema/schema.migrations';
import { connectClient } from '../helpers/mcp-client';
import { allStarted, releaseAll } from '../helpers/releases';
import { killServeProcess, type ServeProcess, startServeProcess } from '../helpers/serve-process';

jest.setTimeout(90_000);

const LATEST = SCHEMA_MIGRATIONS.at(-1)!.version;

async function execute(client: Client, code: string): Promise<unknown> {
  const result = await client.callTool({ name: 'execute', arguments: { code } });
  const [first] = result.content as Array<{ text: string }>;
  if (result.isError) throw new Error(`execute failed: ${first.text}`);
  return JSON.parse(first.text);
}

/** Several instances on one SQLite file, as on one host behind a balancer: real processes, a real file. */
describe('several instances on one SQLite file', () => {
  let dir: string;
  let servers: ServeProcess[] = [];
  let clients: Client[] = [];

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'myko-shared-db-'));
  });
  afterEach(async () => {
    const [opened, started] = [clients, servers];
    clients = [];
    servers = [];
    await releaseAll(
      () => Promise.all(opened.map((client) => client.close())),
      () => {
        for (const server of started) killServeProcess(server);
        return Promise.all(started.map((server) => server.exited));
      },
      () => rmSync(dir, { recursive: true, force: true }),
    );
  });

  /** Starts each instance, kept for the after-hook as soon as it is up, even when another one fails to start. */
  async function serve(...argLists: string[][]): Promise<void> {
    await allStarted(
      argLists.map(async (args) => {
        servers.push(await startServeProcess(args));
      }),
    );
  }

  it('two instances started at once on a fresh file: one migrates and seeds, both serve the same data', async () => {
    const file = join(dir, 'myko.db');
    await serve(['--db', file], ['--db', file]);

    const logs = servers.map((server) => /\[DatabaseService\] (.*)/.exec(server.output())?.[1]);
    expect(logs.filter((line) => line?.endsWith(', seeded'))).toHaveLength(1);
    expect(logs.every((line) => line?.startsWith(`SQLite ${file} at schema v${LATEST}`))).toBe(true);

    const db = new Database(file, { readonly: true });
    try {
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(db.prepare('SELECT COUNT(*) AS n FROM schema_migrations').get()).toEqual({ n: SCHEMA_MIGRATIONS.length });
      expect(db.prepare("SELECT COUNT(*) AS n FROM app_meta WHERE key = 'seed_version'").get()).toEqual({ n: 1 });
      const products = db.prepare('SELECT COUNT(*) AS n, COUNT(DISTINCT sku) AS skus FROM products').get() as {
        n: number;
        skus: number;
      };
      expect(products.n).toBeGreaterThan(0);
      expect(products.skus).toBe(products.n);
    } finally {
      db.close();
    }

    // A command committed through one instance is read by the other (one file, WAL readers see it).
    clients = await Promise.all(
      servers.map((server) => connectClient(new StreamableHTTPClientTransport(new URL(`${server.origin}/mcp`)))),
    );
    await execute(clients[0], "return myko.command('SetCustomerCity', { id: 3, value: 'Dresden' })");
    const read = (await execute(clients[1], "return myko.query('GetCustomerById', { id: 3 })")) as { city: string };
    expect(read.city).toBe('Dresden');
  });

  it('concurrent commands from two instances all commit (busy timeout, no "database is locked")', async () => {
    const file = join(dir, 'myko.db');
    await serve(['--db', file], ['--db', file]);
    clients = await Promise.all(
      servers.map((server) => connectClient(new StreamableHTTPClientTransport(new URL(`${server.origin}/mcp`)))),
    );
    const restock = (client: Client, times: number) =>
      execute(
        client,
        `let level; for (let i = 0; i < ${times}; i++) level = await myko.command('RestockProduct', ` +
          `{ productId: 1, warehouseCode: 'BER', quantity: 1, note: 'shared ' + i }); return level;`,
      ) as Promise<{ onHand: number }>;
    const before = await restock(clients[0], 1);
    // Three scripts per session (under the per-session cap), both instances writing at once.
    await Promise.all(Array.from({ length: 6 }, (_, i) => restock(clients[i % 2], 4)));
    const after = await restock(clients[1], 1);
    expect(after.onHand).toBe(before.onHand + 25);
  });

  it('refuses, naming the versions, a file written by a newer build', async () => {
    const file = join(dir, 'future.db');
    const db = new Database(file);
    db.exec(
      'CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)',
    );
    db.prepare('INSERT INTO schema_migrations VALUES (?, ?, ?)').run(LATEST + 1, 'from the future', '2030-01-01');
    db.close();

    await expect(serve(['--db', file])).rejects.toThrow(
      `database schema is v${LATEST + 1}, newer than this build knows (v${LATEST})`,
    );
    const after = new Database(file, { readonly: true });
    try {
      expect(after.prepare('SELECT version FROM schema_migrations').all()).toEqual([{ version: LATEST + 1 }]);
    } finally {
      after.close();
    }
  });
});
