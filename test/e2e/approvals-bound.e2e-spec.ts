import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { countRestocks, writeApprovalConfig } from '../helpers/approval-fixtures';
import { fnv1a, fnv1aCollision } from '../helpers/fnv1a-collision';
import { RawWsSession } from '../helpers/raw-ws-session';
import { useReleases } from '../helpers/releases';
import { type ScaleOutCluster, startScaleOutCluster } from '../helpers/scale-out.cluster';

jest.setTimeout(120_000);

// biome-ignore lint/suspicious/noExplicitAny: the specs read untyped JSON results
type Json = any;

/**
 * Issue 39 (findings 1 and 6), the 2026-07-28 approval flow extended: a "yes" is for one exact call and
 * one question the server asked. Every round goes to the other instance of two on one Redis.
 */
const grant = { action: 'accept', content: { approve: true } };
const _meta = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': { elicitation: {} },
};

/** RestockProduct arguments in canonical (sorted) key order, as approval keys hashed them. */
const restock = (quantity: number, note: string) => ({ note, productId: 1, quantity, warehouseCode: 'BER' });
/** The approval key the server used to give a restock: predictable, and 32 bits wide. */
const oldKey = (args: object) => `approval-1-${fnv1a(`command_RestockProduct ${JSON.stringify(args)}`)}`;
const MOVEMENTS = "return (await myko.query('ListStockMovements', { productId: 1, warehouseCode: 'BER' })).total;";
const ADJUST =
  "await myko.command('AdjustStock', { productId: 1, warehouseCode: 'BER', quantityDelta: 1, note: 'e2e' });";

/** Notes of a 2-unit and a 50-unit restock whose old keys collide (searched once, shared by both transports). */
let collision: [number, number] | undefined;
const colliding = (): [number, number] =>
  (collision ??= fnv1aCollision(
    (n) => `command_RestockProduct ${JSON.stringify(restock(2, `a${n}`))}`,
    (n) => `command_RestockProduct ${JSON.stringify(restock(50, `b${n}`))}`,
  ));

let dir: string;
let cluster: ScaleOutCluster;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'myko-approvals-bound-'));
  cluster = await startScaleOutCluster({ args: ['--config', writeApprovalConfig(dir)] });
});
afterAll(async () => {
  await cluster?.close();
  rmSync(dir, { recursive: true, force: true });
});
const opened = useReleases();

describe.each(['http', 'ws'] as const)('2026-07-28 approvals through two instances on Redis, over %s', (transport) => {
  let nextId = 1;
  /** A socket per instance, for one test (`opened` terminates them after it). */
  const sockets = new Map<number, RawWsSession>();
  afterEach(() => sockets.clear());

  /** One `execute` on instance `at` (0 or 1), with `extra` params (inputResponses, requestState). */
  async function execute(at: number, code: string, extra: Json = {}): Promise<Json> {
    const params = { name: 'execute', arguments: { code }, ...extra, _meta };
    if (transport === 'ws') return (await socket(at)).request(nextId++, 'tools/call', params);
    const res = await fetch(new URL('/mcp', cluster.instances[at].origin), {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
        'MCP-Protocol-Version': '2026-07-28',
        'Mcp-Method': 'tools/call',
        'Mcp-Name': 'execute',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method: 'tools/call', params }),
    });
    return { ...((await res.json()) as Json), status: res.status };
  }

  async function socket(at: number): Promise<RawWsSession> {
    const known = sockets.get(at);
    if (known) return known;
    const url = `${cluster.instances[at].origin.replace('http', 'ws')}/mcp`;
    const session = opened(await RawWsSession.open(url), (s) => s.terminate());
    sockets.set(at, session);
    return session;
  }

  const restocks = () => countRestocks(cluster.databasePath);
  const total = async (at: number) => JSON.parse((await execute(at, MOVEMENTS)).result.content[0].text);

  it('never spends a "yes" on another call at the same place, even one whose 32-bit key collides', async () => {
    const [i, j] = colliding();
    const asked = restock(2, `a${i}`);
    const other = restock(50, `b${j}`);
    expect(oldKey(other)).toBe(oldKey(asked));
    // The same script asks about `asked`, then (its read changed in between) calls `other` at that place.
    const before = await total(0);
    const code = `const total = (await myko.query('ListStockMovements', { productId: 1, warehouseCode: 'BER' })).total;
      const args = total === ${before} ? ${JSON.stringify(asked)} : ${JSON.stringify(other)};
      await myko.command('RestockProduct', args); return args.note;`;
    const runs = restocks();
    const first = await execute(0, code);
    const [[key, question]] = Object.entries(first.result.inputRequests) as [string, Json][];
    expect(question.params.message).toContain(`"note":"a${i}"`);
    expect((await execute(1, ADJUST)).result.resultType).toBe('complete');
    const retry = await execute(1, code, { inputResponses: { [key]: grant }, requestState: first.result.requestState });
    expect(retry.result).toMatchObject({ resultType: 'input_required' });
    const [[again, fresh]] = Object.entries(retry.result.inputRequests) as [string, Json][];
    expect(fresh.params.message).toContain(`"note":"b${j}","productId":1,"quantity":50`);
    expect(restocks()).toBe(runs);
    // Answered afresh, the call that is now made runs, once.
    const done = await execute(0, code, {
      inputResponses: { [again]: grant },
      requestState: retry.result.requestState,
    });
    expect(done.result).toMatchObject({ resultType: 'complete', content: [{ text: `"b${j}"` }] });
    expect(restocks()).toBe(runs + 1);
  });

  it('refuses an answer on a first request (nothing was asked) with -32602, and nothing runs', async () => {
    const args = restock(3, 'unasked');
    const code = `await myko.command('RestockProduct', ${JSON.stringify(args)}); return 'ran';`;
    const runs = restocks();
    const answer = await execute(1, code, { inputResponses: { [oldKey(args)]: grant } });
    expect(answer.error).toMatchObject({ code: -32602, message: /did not ask/ });
    if (transport === 'http') expect(answer.status).toBe(400);
    expect(restocks()).toBe(runs);
  });

  it('refuses answers to keys the state did not ask, before anything runs and without spending it', async () => {
    const code = `await myko.command('RestockProduct', ${JSON.stringify(restock(4, 'extra'))}); return 'ran';`;
    const runs = restocks();
    const first = await execute(0, code);
    const [key] = Object.keys(first.result.inputRequests);
    const requestState = first.result.requestState;
    const unasked = { [key]: grant, 'approval-2-x': grant };
    const refused = await execute(1, code, { inputResponses: unasked, requestState });
    expect(refused.error).toMatchObject({ code: -32602, message: /"approval-2-x".*did not ask/ });
    expect(restocks()).toBe(runs);
    const done = await execute(0, code, { inputResponses: { [key]: grant }, requestState });
    expect(done.result).toMatchObject({ resultType: 'complete', content: [{ text: '"ran"' }] });
    expect(restocks()).toBe(runs + 1);
  });
});
