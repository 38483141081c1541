import { readFileSync } from 'node:fs';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SandboxService } from '@myko/sandbox';
import { type ExecuteOutcome, execute, type LoadServer, startLoadServer, untilWaiting } from '../helpers/execute-load';
import type { TestServer } from '../helpers/test-server';

jest.setTimeout(180_000);

/** V8 aborts the whole sandbox process on it (a fatal "invalid size" error): no limit can stop it first. */
const CRASH = "return 'x'.repeat(2 ** 29 - 24).split('').length;";
/**
 * Long enough to still be waiting when the crash comes: V8 gives up on CRASH in ~0.5 s on a quiet machine but
 * took 8 s under a load of 20, and a 2.5 s wait had ended by then (the writer finished instead of failing).
 * The crash aborts the writer's wait; the reader's replay waits again, within the server's 60 s wall clock.
 */
const WAIT = "await myko.query('Wait', { ms: 20000 }); return 'waited';";
const WRITE_THEN_WAIT = "await myko.command('RecordPing'); await myko.query('Wait', { ms: 20000 }); return 'waited';";

/** Memory outside the isolate heaps: ICU objects, and strings flattened again and again. */
const NATIVE_ATTACKS = [
  "const a = []; for (let i = 0; ; i++) a.push(new Intl.Collator('en', { sensitivity: 'base' }));",
  "for (let i = 0; ; i++) new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', hour: 'numeric' }).format(i);",
  "let s = 'ab'; for (let i = 0; i < 26; i++) s = s + s; const c = []; for (let i = 0; i < 60; i++) c.push((s + i).charCodeAt(9)); return c.length;",
];
/** WebAssembly memories live outside the heap limit: scripts have no WebAssembly at all. */
const WASM_ATTACK = 'return new WebAssembly.Memory({ initial: 16384 }).buffer.byteLength;';

/**
 * Containment is the sandbox processes' (the scripts are plain JavaScript): no type check, so none of the three
 * boots warms its type-check workers (seconds of CPU each, beside the crashes on a 2-core machine).
 */
const NO_TYPE_CHECK = { typeCheck: 'off' };

function rssMb(pid: number): number {
  const match = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : 0;
}

describe('execute containment: one client crashing its sandbox process', () => {
  let load: LoadServer;
  let server: TestServer;
  let keys: LoadServer['keys'];
  const open = (key?: string) => load.open(key);

  beforeAll(async () => {
    // One process, so the honest runs are the crasher's co-tenants; no resident memory watch, which would
    // stop the crasher cleanly before V8 gives up.
    load = await startLoadServer({ processes: 1, processRssLimitMb: 1_000_000, wallTimeMs: 60_000 }, NO_TYPE_CHECK);
    ({ server, keys } = load);
  });
  afterAll(() => load?.close());

  it("fails the crasher, replays its co-tenants' reads, strikes only the crasher, and keeps execute up", async () => {
    const honest = await open(keys.a);
    const reader = execute(honest, WAIT);
    const writer = execute(await open(keys.a), WRITE_THEN_WAIT);
    // Both await their Wait (the writer after its command), so neither was executing when the crash came.
    await untilWaiting(server, 2);
    const crasher = await open(keys.b);
    const crashed = await execute(crasher, CRASH);
    expect(crashed.isError).toBe(true);
    expect(crashed.text).toMatch(/memory limit was reached[\s\S]*SandboxCrashError: The sandbox process crashed/);

    // The read-only run beside it ran again in the fresh process; the one that had written is not replayed.
    expect(await reader).toEqual({ isError: false, text: '"waited"' });
    const wrote = await writer;
    expect(wrote.isError).toBe(true);
    expect(wrote.text).toMatch(/internal error stopped the sandbox/);
    expect(wrote.text).toMatch(/command_RecordPing/);

    // Three crashes put the crasher's conversation into the backoff; the honest key's client was never struck.
    for (let i = 0; i < 2; i++) expect((await execute(crasher, CRASH)).isError).toBe(true);
    const refused = await execute(crasher, 'return 1');
    expect(refused.text).toMatch(/^Execution refused: 3 of this conversation's scripts/);
    expect(await execute(honest, 'return 2')).toEqual({ isError: false, text: '2' });
    expect(server.app.get(SandboxService).status().crashes).toBe(3);
  });
});

describe('execute containment: anonymous crashes from fresh sessions', () => {
  let load: LoadServer;

  beforeAll(async () => {
    // A server of its own: the restart budget and the address's strikes start from nothing.
    load = await startLoadServer(
      { processes: 1, processRssLimitMb: 1_000_000, wallTimeMs: 60_000, abuseBackoff: { principalStrikes: 5 } },
      NO_TYPE_CHECK,
    );
  });
  afterAll(() => load?.close());

  it('anonymous crashes from fresh sessions are charged to their address, not to the server', async () => {
    const honest = await load.open(load.keys.a);
    let refusedAfter = 0;
    for (let i = 1; i <= 12 && refusedAfter === 0; i++) {
      const outcome = await execute(await load.open(), CRASH);
      if (outcome.text.startsWith('Execution refused')) refusedAfter = i;
    }
    // One strike per fresh session: the address as a whole is paused at its fifth (principalStrikes), within the
    // pool's restart budget (10 a minute), so the honest run below finds a process.
    expect(refusedAfter).toBe(6);
    expect(await execute(honest, "return (await myko.query('Wait', { ms: 10 })).waitedMs")).toEqual({
      isError: false,
      text: '10',
    });
  });
});

describe('execute containment: memory outside the isolate heap', () => {
  let load: LoadServer;
  let server: TestServer;
  let client: Client;

  beforeAll(async () => {
    load = await startLoadServer(
      { processes: 1, memoryMb: 64, wallTimeMs: 20_000, abuseBackoff: false },
      NO_TYPE_CHECK,
    );
    server = load.server;
    client = await load.open();
  });
  afterAll(() => load?.close());

  it('several concurrent attempts are stopped as memory failures; RSS stays within a few × memoryMb', async () => {
    const sandbox = server.app.get(SandboxService);
    expect(await execute(client, 'return 1')).toEqual({ isError: false, text: '1' });
    const baseline = Math.max(...sandbox.status().processes.map(({ pid }) => rssMb(pid)));
    let peak = baseline;
    const sampler = setInterval(() => {
      for (const { pid } of sandbox.status().processes) {
        try {
          peak = Math.max(peak, rssMb(pid));
        } catch {
          // Replaced meanwhile.
        }
      }
    }, 5);
    let attackers: Client[];
    let outcomes: ExecuteOutcome[];
    try {
      // Through `load`, so that its after-hook closes an attacker this test could not.
      attackers = await Promise.all(NATIVE_ATTACKS.flatMap((code) => [code, code]).map(() => load.open()));
      outcomes = await Promise.all(
        attackers.map((attacker, i) => execute(attacker, NATIVE_ATTACKS[i % NATIVE_ATTACKS.length])),
      );
    } finally {
      clearInterval(sampler);
    }
    await Promise.all(attackers.map((attacker) => attacker.close()));

    for (const outcome of outcomes) {
      expect(outcome.isError).toBe(true);
      expect(outcome.text).toMatch(/memory limit was reached/);
    }
    expect(peak - baseline).toBeLessThan(8 * 64);
    expect(sandbox.status()).toMatchObject({ crashes: 0 });
    expect(await execute(client, 'return 2')).toEqual({ isError: false, text: '2' });
  });

  // Alone: run beside the attacks above, the RSS watch may stop it first, as the run computing when the
  // process it shares with them passes the limit.
  it('has no WebAssembly to allocate with', async () => {
    const outcome = await execute(client, WASM_ATTACK);
    expect(outcome.isError).toBe(true);
    expect(outcome.text).toMatch(/WebAssembly is not defined/);
  });
});
