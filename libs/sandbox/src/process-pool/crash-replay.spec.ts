import { SandboxCrashError } from '../errors/sandbox-crash.error';
import { failedRun } from '../failed-run';
import type { SandboxBridge } from '../interfaces/sandbox-run.interface';
import { decideReplay, MAX_REPLAYS } from './crash-replay';
import { ProcessRun } from './process-run';

const LIMITS = {
  cpuTimeMs: 1_000,
  memoryMb: 64,
  maxCalls: 10,
  maxArgBytes: 1_000,
  maxResultBytes: 1_000,
  maxConsoleBytes: 100,
};
const CHANNEL = { send: () => undefined, kill: () => undefined };
const BYSTANDER = failedRun(new SandboxCrashError('internal', 'another script in the same sandbox process crashed it'));

/** A collateral run that made the given calls, through `bridge`. */
function collateral(bridge: SandboxBridge, calls: Array<['query' | 'command', string]> = []): ProcessRun {
  const run = new ProcessRun(1, { code: '', bridge }, 5_000, LIMITS, 100, CHANNEL);
  void run.start();
  for (const [callId, [kind, id]] of calls.entries()) {
    run.onCall({ type: 'call', runId: 1, callId, kind, id, argsJson: '{}' });
  }
  // What crash-blame does to a bystander.
  run.collateral = true;
  run.fail(new SandboxCrashError('internal', 'another script in the same sandbox process crashed it'));
  return run;
}
const answering: SandboxBridge = { call: async () => 'null' };

describe('decideReplay', () => {
  it('runs a collateral run again that only read, within what is left of its wall clock, up to MAX_REPLAYS times', () => {
    const run = collateral(answering, [['query', 'Stock']]);
    const decision = decideReplay(run, BYSTANDER, 0, false);
    expect(decision).toMatchObject({ next: 'again', apart: false });
    expect(decision.next === 'again' && decision.wallMs).toBeLessThanOrEqual(5_000);
    expect(decideReplay(run, BYSTANDER, MAX_REPLAYS, false)).toEqual({ next: 'done', result: BYSTANDER });
    run.uncertain = true;
    expect(decideReplay(run, BYSTANDER, 0, false)).toMatchObject({ next: 'again', apart: true });
  });

  it('fails a run that sent a command, naming it, instead of running it again', () => {
    const decision = decideReplay(collateral(answering, [['command', 'Pay']]), BYSTANDER, 0, false);
    expect(decision.next).toBe('done');
    const result = decision.next === 'done' ? decision.result : undefined;
    expect(result).toMatchObject({ ok: false, error: { kind: 'internal', name: 'SandboxCrashError' } });
    expect(result?.ok === false && result.error.message).toMatch(
      /not run again because it had already sent myko\.command\('Pay'\)/,
    );
  });

  it("follows the bridge's hasCommitted() over its own count of commands", () => {
    const refusedCommand = { ...answering, hasCommitted: () => false };
    expect(decideReplay(collateral(refusedCommand, [['command', 'Pay']]), BYSTANDER, 0, false).next).toBe('again');
    const committed = { ...answering, hasCommitted: () => true };
    const decision = decideReplay(collateral(committed, [['query', 'Stock']]), BYSTANDER, 0, false);
    expect(decision.next === 'done' && decision.result.ok === false && decision.result.error.message).toMatch(
      /an operation it called had changed something/,
    );
  });

  it('returns a run that no crash of another ended as it is', () => {
    const run = new ProcessRun(2, { code: '', bridge: answering }, 5_000, LIMITS, 100, CHANNEL);
    expect(decideReplay(run, BYSTANDER, 0, false)).toEqual({ next: 'done', result: BYSTANDER });
  });
});
