import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import Database from 'better-sqlite3';
import { useReleases } from '../helpers/releases';
import { eventually, execute, proxiedClient } from '../helpers/scale-out.client';
import { type ScaleOutCluster, startScaleOutCluster } from '../helpers/scale-out.cluster';
import { killServeProcess, type ServeProcess, startServeProcess } from '../helpers/serve-process';

jest.setTimeout(120_000);

const CLIENTS = 3;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What one client saw while it kept sending commands: the notes of the ones acknowledged, the errors of the rest. */
interface Load {
  acknowledged: string[];
  errors: string[];
  stop(): Promise<void>;
}

/**
 * Keeps a client (re-connecting through the proxy when its session is gone) sending one uniquely noted
 * restock after another, as an agent would.
 */
function keepCommanding(cluster: ScaleOutCluster, name: string): Load {
  const load: Load = { acknowledged: [], errors: [], stop: async () => undefined };
  let stopped = false;
  const loop = (async () => {
    let client: Client | undefined;
    for (let n = 0; !stopped; n++) {
      const note = `${name}-${n}`;
      try {
        client ??= await proxiedClient(cluster.proxy);
        await execute(
          client,
          `return myko.command('RestockProduct', { productId: 3, warehouseCode: 'BER', quantity: 1, note: '${note}' })`,
          { timeout: 20_000 },
        );
        load.acknowledged.push(note);
      } catch (error) {
        load.errors.push((error as Error).message);
        // A session Redis forgot (it restarted empty) is gone: start another, as the spec tells clients to.
        if (/404|session not found/i.test((error as Error).message)) client = undefined;
        await sleep(50);
      }
    }
    await client?.close().catch(() => undefined);
  })();
  load.stop = async () => {
    stopped = true;
    await loop;
  };
  return load;
}

const ready = async (instance: ServeProcess) => (await fetch(`${instance.origin}/health/ready`)).status;

describe('Redis stopped and restarted under load (two instances, round-robin proxy)', () => {
  let cluster: ScaleOutCluster;
  beforeAll(async () => {
    cluster = await startScaleOutCluster();
  });
  afterAll(async () => {
    await cluster?.close();
  });
  // A load loop a failed assertion left running would retry forever (and keep jest alive).
  const opened = useReleases();

  it('clear errors while it is down, service back when it returns, no crash, no acknowledged command lost', async () => {
    const loads = Array.from({ length: CLIENTS }, (_, i) =>
      opened(keepCommanding(cluster, `c${i}`), (load) => load.stop()),
    );
    const warmedUp = await eventually(() => loads.every((load) => load.acknowledged.length >= 3), 15_000);
    expect({ warmedUp, errors: loads.map((load) => load.errors.slice(0, 3)) }).toEqual({
      warmedUp: true,
      errors: [[], [], []],
    });

    await cluster.redis.stop();
    const errorsAtStop = loads.map((load) => load.errors.length);
    expect(await eventually(() => loads.every((load, i) => load.errors.length > errorsAtStop[i] + 2), 15_000)).toBe(
      true,
    );
    const whileDown = loads.flatMap((load, i) => load.errors.slice(errorsAtStop[i]));
    // Clear: each names the cause (Redis / state store unavailable: HTTP 503 or JSON-RPC -32010), none is a timeout.
    for (const message of whileDown) expect(message).toMatch(/redis|unavailable|503|-32010/i);
    expect(whileDown.filter((message) => /timed? ?out/i.test(message))).toEqual([]);
    expect(await Promise.all(cluster.instances.map(ready))).toEqual([503, 503]);

    await cluster.redis.restart();
    const acknowledgedAtRestart = loads.map((load) => load.acknowledged.length);
    expect(
      await eventually(async () => (await Promise.all(cluster.instances.map(ready))).every((s) => s === 200), 15_000),
    ).toBe(true);
    expect(
      await eventually(
        () => loads.every((load, i) => load.acknowledged.length >= acknowledgedAtRestart[i] + 3),
        20_000,
      ),
    ).toBe(true);
    await Promise.all(loads.map((load) => load.stop()));

    for (const instance of cluster.instances) {
      expect(instance.child.exitCode).toBeNull();
      expect(instance.child.signalCode).toBeNull();
    }
    // Every command a client was told succeeded is in the database, once.
    const acknowledged = loads.flatMap((load) => load.acknowledged);
    const db = new Database(cluster.databasePath, { readonly: true });
    try {
      const notes = db
        .prepare("SELECT note FROM stock_movements WHERE reason = 'restock' AND note LIKE 'c%-%'")
        .all()
        .map((row) => (row as { note: string }).note);
      const counts = new Map<string, number>();
      for (const note of notes) counts.set(note, (counts.get(note) ?? 0) + 1);
      expect(acknowledged.filter((note) => counts.get(note) !== 1)).toEqual([]);
    } finally {
      db.close();
    }
  });
});

describe('Redis unreachable at start-up', () => {
  it('serve refuses to start, naming the URL (password redacted)', async () => {
    const url = 'redis://:s3cret@127.0.0.1:1';
    const started = startServeProcess(['--redis', url]);
    // Should it start after all, it is killed rather than left running.
    void started.then(killServeProcess, () => undefined);
    await expect(started).rejects.toThrow('redis://:***@127.0.0.1:1');
    await expect(started).rejects.not.toThrow('s3cret');
  });
});
