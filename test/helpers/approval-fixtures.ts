import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateApiKey, hashApiKey } from '@myko/access';
import Database from 'better-sqlite3';
import { createAppConfig } from '../../src/config/app.config';
import { startTestServer, type TestServer } from './test-server';

/** The key of the `ops` profile (also every keyless client's default profile). */
export const OPS_KEY = generateApiKey();

/**
 * `ops` requires approval of restocks by a glob, beside DeactivateProduct's own `approval: true`; it is
 * served both tool modes, so direct calls of the same commands can be compared.
 */
const CONFIG = {
  auth: { required: false },
  defaultProfile: 'ops',
  profiles: { ops: { keys: [hashApiKey(OPS_KEY)], approval: ['command_RestockProduct'], toolMode: 'both' } },
  audit: { path: 'audit.log' },
};

/** The admin key the approval server is started with: its operator door is open. */
export const ADMIN_KEY = 'operator-key-for-approvals-e2e';

/** A restock of product 1 in BER: one stock movement per run, so the database counts how often it ran. */
export const RESTOCK = "myko.command('RestockProduct', { productId: 1, warehouseCode: 'BER', quantity: 2 })";

/** A script that tries the restock and returns what it saw: `ran`, or the error's code. */
export const TRY_RESTOCK = `try { await ${RESTOCK}; return 'ran'; } catch (e) { return e.code ?? e.message; }`;

export interface ApprovalServer {
  readonly server: TestServer;
  /** Restock movements of product 1 in BER, read from the server's SQLite file. */
  restocks(): number;
  /** SHA-256 of every row of the tables commands write, to compare before and after. */
  snapshot(): string;
  /** The audit log's lines, parsed. */
  audit(): Record<string, unknown>[];
  close(): Promise<void>;
}

/** Writes the `ops` config into `dir` (for `serve --config`); returns its path. */
export function writeApprovalConfig(dir: string): string {
  const configPath = join(dir, 'myko.config.json');
  writeFileSync(configPath, JSON.stringify(CONFIG));
  return configPath;
}

/** Restock movements of product 1 in BER in the SQLite file at `databasePath`. */
export function countRestocks(databasePath: string): number {
  const db = new Database(databasePath, { readonly: true, fileMustExist: true });
  try {
    return (db.prepare(RESTOCKS_SQL).get() as { n: number }).n;
  } finally {
    db.close();
  }
}

const RESTOCKS_SQL =
  "SELECT COUNT(*) AS n FROM stock_movements m JOIN warehouses w ON w.id = m.warehouse_id WHERE m.product_id = 1 AND w.code = 'BER' AND m.reason = 'restock'";

/** The service on a SQLite file in a fresh directory, with the `ops` config and a file audit log. */
export async function startApprovalServer(): Promise<ApprovalServer> {
  const dir = mkdtempSync(join(tmpdir(), 'myko-approvals-'));
  const configPath = writeApprovalConfig(dir);
  const databasePath = join(dir, 'myko.db');
  const server = await startTestServer(
    // With the admin API's operator door: a client that cannot be asked pauses (a script nobody could approve
    // would be refused before it ran, test/e2e/executions-unapprovable).
    createAppConfig('serve', { host: '127.0.0.1', port: 0, databasePath, configPath }, { MYKO_ADMIN_KEY: ADMIN_KEY }),
  );
  const read = <T>(query: (db: Database.Database) => T): T => {
    const db = new Database(databasePath, { readonly: true, fileMustExist: true });
    try {
      return query(db);
    } finally {
      db.close();
    }
  };
  return {
    server,
    restocks: () => countRestocks(databasePath),
    snapshot: () =>
      read((db) => {
        const tables = ['products', 'stock_levels', 'stock_movements', 'orders', 'order_lines', 'customers'];
        const rows = tables.map((table) => db.prepare(`SELECT * FROM ${table} ORDER BY rowid`).all());
        return createHash('sha256').update(JSON.stringify(rows)).digest('hex');
      }),
    audit: () =>
      readFileSync(join(dir, 'audit.log'), 'utf8')
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map((line) => JSON.parse(line)),
    close: async () => {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
