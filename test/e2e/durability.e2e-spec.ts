import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import Database from 'better-sqlite3';
import { executeJson } from '../helpers/execute-tool';
import { connectClient } from '../helpers/mcp-client';
import { killServeProcess, type ServeProcess, signalServeProcess, startServeProcess } from '../helpers/serve-process';

jest.setTimeout(60_000);

const WORKERS = 6;
const ACKS_BEFORE_KILL = 30;
const MAX_ATTEMPTS = 200;

/** Every server started, so that a failing test still kills its whole tree (launcher, server, sandbox host). */
const started: ServeProcess[] = [];

async function startServe(dbFile: string): Promise<ServeProcess> {
  const server = await startServeProcess(['--db', dbFile]);
  started.push(server);
  return server;
}

async function connect(server: ServeProcess): Promise<Client> {
  return connectClient(new StreamableHTTPClientTransport(new URL(`${server.origin}/mcp`)));
}

/** `executeJson` with a 10 s request timeout: a write lost to the crash must not hang the burst. */
const executeJsonWithin = <T>(client: Client, code: string) => executeJson<T>(client, code, { timeout: 10_000 });

function placeOrderScript(n: number): string {
  const lines = [
    { productId: 1 + (n % 5), quantity: 1 },
    { productId: 6 + (n % 5), quantity: 1 + (n % 2) },
  ];
  return `const order = await myko.command('PlaceOrder', {
    customerId: ${1 + (n % 10)}, warehouseCode: 'BER', lines: ${JSON.stringify(lines)},
  });
  return { id: order.id, lineCount: order.lineCount };`;
}

interface Burst {
  acknowledged: Map<number, number>;
  inFlightAtKill: number;
}

/** Runs WORKERS concurrent loops of one-order executes; SIGKILLs the server tree after ACKS_BEFORE_KILL acks. */
async function burstThenKill(server: ServeProcess, clients: Client[]): Promise<Burst> {
  const acknowledged = new Map<number, number>();
  let inFlight = 0;
  let inFlightAtKill = -1;
  let sent = 0;
  let killed = false;
  const refusals: string[] = [];
  const worker = async (client: Client) => {
    while (!killed && sent < MAX_ATTEMPTS) {
      inFlight += 1;
      try {
        const placed = await executeJsonWithin<{ id: number; lineCount: number }>(client, placeOrderScript(sent++));
        if (!killed) acknowledged.set(placed.id, placed.lineCount);
      } catch (error) {
        // a refused order (short stock) or the connection dying at the kill: not acknowledged
        if (!killed) refusals.push(String(error));
      } finally {
        inFlight -= 1;
      }
      if (!killed && acknowledged.size >= ACKS_BEFORE_KILL) {
        killed = true;
        inFlightAtKill = inFlight;
        killServeProcess(server);
      }
    }
  };
  await Promise.all(clients.map((client) => worker(client)));
  if (!killed) throw new Error(`no kill after ${sent} attempts: ${refusals.slice(0, 3).join(' | ')}`);
  return { acknowledged, inFlightAtKill };
}

interface CellMismatch {
  productId: number;
  warehouseId: number;
  reserved: number;
  openUnits: number;
}

function inspect(dbFile: string) {
  const db = new Database(dbFile, { readonly: true, fileMustExist: true });
  try {
    const integrity = db.pragma('integrity_check', { simple: true });
    const journal = db.pragma('journal_mode', { simple: true });
    const linelessOrders = db
      .prepare('SELECT o.id FROM orders o WHERE NOT EXISTS (SELECT 1 FROM order_lines l WHERE l.order_id = o.id)')
      .all();
    const mismatches = db
      .prepare(
        `SELECT s.product_id AS productId, s.warehouse_id AS warehouseId, s.reserved,
           COALESCE((SELECT SUM(l.quantity) FROM order_lines l JOIN orders o ON o.id = l.order_id
             WHERE l.product_id = s.product_id AND o.warehouse_id = s.warehouse_id
               AND o.status IN ('pending', 'paid')), 0) AS openUnits
         FROM stock_levels s`,
      )
      .all()
      .filter((row) => (row as CellMismatch).reserved !== (row as CellMismatch).openUnits);
    const lineCounts = new Map(
      (
        db.prepare('SELECT order_id AS id, COUNT(*) AS n FROM order_lines GROUP BY order_id').all() as {
          id: number;
          n: number;
        }[]
      ).map((row) => [row.id, row.n]),
    );
    return { integrity, journal, linelessOrders, mismatches, lineCounts };
  } finally {
    db.close();
  }
}

describe('durability of acknowledged commands (file database, kill -9)', () => {
  let dir: string;
  let dbFile: string;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'myko-durability-'));
    dbFile = join(dir, 'myko.db');
  });

  afterAll(() => {
    for (const server of started) killServeProcess(server);
    rmSync(dir, { recursive: true, force: true });
  });

  it('every order acknowledged before SIGKILL survives a restart whole, and reservations match open orders', async () => {
    const first = await startServe(dbFile);
    const clients = await Promise.all(Array.from({ length: WORKERS }, () => connect(first)));
    const burst = await burstThenKill(first, clients);
    const exit = await first.exited;
    expect(exit.signal).toBe('SIGKILL');
    expect(burst.acknowledged.size).toBeGreaterThanOrEqual(ACKS_BEFORE_KILL);
    expect(burst.inFlightAtKill).toBeGreaterThan(0);
    for (const client of clients) await client.close().catch(() => undefined);

    const second = await startServe(dbFile);
    const client = await connect(second);
    const ids = [...burst.acknowledged.keys()];
    const found = await executeJsonWithin<{ id: number; lineCount: number }[]>(
      client,
      `return (await myko.query('GetOrders', { ids: ${JSON.stringify(ids)} })).map((o) => ({ id: o.id, lineCount: o.lineCount }));`,
    );
    expect(found.map((o) => o.id).sort((a, b) => a - b)).toEqual(ids.sort((a, b) => a - b));
    for (const order of found) expect(order.lineCount).toBe(burst.acknowledged.get(order.id));
    await client.close();
    signalServeProcess(second, 'SIGTERM');
    expect((await second.exited).code).toBe(0);

    const state = inspect(dbFile);
    expect(state.integrity).toBe('ok');
    expect(state.journal).toBe('wal');
    expect(state.linelessOrders).toEqual([]);
    expect(state.mismatches).toEqual([]);
    for (const [id, lineCount] of burst.acknowledged) expect(state.lineCounts.get(id)).toBe(lineCount);
    process.stdout.write(
      `durability: ${burst.acknowledged.size} acknowledged, ${burst.inFlightAtKill} in flight at SIGKILL\n`,
    );
  });
});
