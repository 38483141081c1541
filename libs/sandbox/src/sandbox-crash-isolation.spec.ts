import { delay, InMemoryBridge } from '../../../test/fixtures/sandbox/in-memory.bridge';
import type { SandboxRunResult } from './interfaces/sandbox-run.interface';
import { SandboxService } from './sandbox.service';

const failure = (result: SandboxRunResult) => (result.ok ? undefined : result.error);

/** A `Started` read for `runs` runs: their first attempts compute `firstMs`, an attempt after those 0.5 s. */
function computeUntil(runs: number, firstMs = 20_000): () => number {
  let reads = 0;
  return () => Date.now() + (++reads <= runs ? firstMs : 500);
}

/**
 * An honest computation after one read, which says until when to compute: long on a first attempt, so that a bomb
 * goes off beside it however loaded the machine is, short once it is run again (`computeUntil`).
 */
const HONEST = `const end = await myko.query('Started');
let rounds = 0;
while (Date.now() < end) rounds++;
return rounds > 0 ? 'computed' : 'nothing';`;

/** V8 aborts the whole sandbox process on it (sandbox-process.spec). */
const BOMB = "return 'x'.repeat(2 ** 29 - 24).split('').length;";

/**
 * A client that crashes its sandbox process on purpose must not take another client's runs with it, even
 * those executing beside the bomb (which a crash cannot tell from the bomb): they are run again, each
 * client's apart, and only the client whose run crashes its process on its own is charged.
 */
describe('SandboxService (process isolation): a crash never takes another client’s run with it', () => {
  let sandbox: SandboxService;

  beforeAll(async () => {
    // One process with room for everyone executing at once: the honest runs are computing beside the bomb.
    sandbox = new SandboxService({
      processes: 1,
      maxConcurrent: 4,
      memoryMb: 64,
      wallTimeMs: 60_000,
      cpuTimeMs: 30_000,
      processRssLimitMb: 1_000_000,
      heavyClientCpuPercent: 0,
    });
    await sandbox.onModuleInit();
  });
  afterAll(async () => {
    await sandbox.onApplicationShutdown();
  });

  it("runs client A's three computations to the end while client B crashes the process; B alone is charged", async () => {
    const reads = new InMemoryBridge({ query_Started: computeUntil(3) });
    let bombed = false;
    // Each run's first attempt, if it ended before the bomb went off, was never beside it.
    const endedBefore: boolean[] = [];
    const honest = [1, 2, 3].map((_, k) =>
      sandbox.run({ code: HONEST, bridge: reads, client: 'alice/conversation-1' }).then((result) => {
        endedBefore[k] = !bombed && reads.received.length <= 3;
        return result;
      }),
    );
    // Every honest run is past its read, computing, before the bomb goes off.
    while (reads.received.length < 3) await delay(5);
    await delay(50);
    const crashes = sandbox.status().crashes;
    const bomb = await sandbox.run({ code: BOMB, bridge: new InMemoryBridge({}), client: 'mallory/conversation-9' });
    bombed = true;

    expect(failure(bomb)).toMatchObject({ kind: 'memory', name: 'SandboxCrashError' });
    const results = await Promise.all(honest);
    expect(results.map((result) => (result.ok ? JSON.parse(result.resultJson) : result.error))).toEqual([
      'computed',
      'computed',
      'computed',
    ]);
    // Each honest run the crash took was run again (its read made twice), transparently. On a loaded machine the
    // isolate threads may start the bomb only once a first run has ended (2 cores, 2 threads): that one was never
    // beside it; the last one always was.
    const beside = endedBefore.filter((ended) => !ended).length;
    expect(beside).toBeGreaterThanOrEqual(1);
    expect(reads.received).toHaveLength(3 + beside);
    expect(sandbox.status().crashes).toBeGreaterThan(crashes);
  }, 240_000);

  it('charges the bomb alone, never the run of another client waiting beside it, which is run again', async () => {
    let open: () => void = () => undefined;
    const gate = new Promise<string>((resolve) => {
      open = () => resolve('opened');
    });
    const waiting = new InMemoryBridge({ query_Wait: () => gate });
    const beside = sandbox.run({ code: "return myko.query('Wait')", bridge: waiting, client: 'alice/conversation-2' });
    while (waiting.received.length === 0) await delay(5);
    const bomb = await sandbox.run({ code: BOMB, bridge: new InMemoryBridge({}), client: 'mallory/conversation-9' });
    expect(failure(bomb)).toMatchObject({ kind: 'memory', name: 'SandboxCrashError' });
    open();
    expect(await beside).toMatchObject({ ok: true, resultJson: '"opened"' });
    expect(waiting.received).toHaveLength(2);
  }, 60_000);

  it('fails a run that had sent a command, naming it, instead of running it again; never as its fault', async () => {
    const calls = new InMemoryBridge({ command_Pay: () => 'paid', query_Started: computeUntil(1) });
    const code = `await myko.command('Pay', { cents: 5 });
const end = await myko.query('Started');
while (Date.now() < end);
return 'done';`;
    const paying = sandbox.run({ code, bridge: calls, client: 'alice/conversation-3' });
    while (calls.received.length < 2) await delay(5);
    await delay(50);
    const bomb = await sandbox.run({ code: BOMB, bridge: new InMemoryBridge({}), client: 'mallory/conversation-9' });
    expect(failure(bomb)?.kind).toMatch(/^(memory|internal)$/);
    const paid = failure(await paying);
    expect(paid).toMatchObject({ kind: 'internal', name: 'SandboxCrashError' });
    expect(paid?.message).toMatch(/not run again because it had already sent myko\.command\('Pay'\)/);
    expect(calls.received.filter((call) => call.kind === 'command')).toHaveLength(1);
  }, 60_000);

  it('does the same with the default processes and cores (the case of issue 40: 2 of 3 failed)', async () => {
    const defaults = new SandboxService({ wallTimeMs: 60_000, cpuTimeMs: 30_000, processRssLimitMb: 1_000_000 });
    await defaults.onModuleInit();
    try {
      // Only the answers are asserted here: a run on a process no bomb hits just computes its 3 s.
      const reads = new InMemoryBridge({ query_Started: computeUntil(3, 3_000) });
      const honest = [1, 2, 3].map(() => defaults.run({ code: HONEST, bridge: reads, client: 'alice/conversation-1' }));
      while (reads.received.length < 3) await delay(5);
      await delay(600);
      const bombs = [1, 2].map(() =>
        defaults.run({ code: BOMB, bridge: new InMemoryBridge({}), client: 'mallory/conversation-9' }),
      );
      for (const bomb of await Promise.all(bombs)) expect(failure(bomb)?.kind).toMatch(/^(memory|internal)$/);
      const results = await Promise.all(honest);
      expect(results.map((result) => (result.ok ? JSON.parse(result.resultJson) : result.error))).toEqual([
        'computed',
        'computed',
        'computed',
      ]);
    } finally {
      await defaults.onApplicationShutdown();
    }
  }, 240_000);
});
