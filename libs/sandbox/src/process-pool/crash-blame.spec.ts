import { SandboxCrashError } from '../errors/sandbox-crash.error';
import type { SandboxRunResult } from '../interfaces/sandbox-run.interface';
import { failRunsOfEndedProcess } from './crash-blame';
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
const V8_ABORT = new SandboxCrashError('memory', 'V8 gave up with SIGTRAP');
let runId = 0;

/** A run of `client` started in a process; `executing`: the process reported it busy when it died. */
function runOf(client: string | undefined, executing: boolean): { run: ProcessRun; result: Promise<SandboxRunResult> } {
  const run = new ProcessRun(
    ++runId,
    { code: '', bridge: { call: async () => '' }, client },
    5_000,
    LIMITS,
    100,
    CHANNEL,
  );
  const result = run.start();
  run.busy = executing;
  return { run, result };
}
/** Past the window in which a run just handed to its process counts as executing (`ProcessRun.suspect`). */
const pastStart = () => new Promise((resolve) => setTimeout(resolve, 60));
const kindOf = async (result: Promise<SandboxRunResult>) => {
  const settled = await result;
  return settled.ok ? 'ok' : settled.error.kind;
};

describe('failRunsOfEndedProcess', () => {
  it('charges the runs executing when they are all one client’s; the runs beside them of another client are collateral', async () => {
    const bomb = runOf('mallory/c1', true);
    const sibling = runOf('mallory/c1', true);
    const bystander = runOf('alice/c1', false);
    await pastStart();
    failRunsOfEndedProcess([bomb.run, sibling.run, bystander.run], V8_ABORT);
    expect(await Promise.all([bomb, sibling, bystander].map((run) => kindOf(run.result)))).toEqual([
      'memory',
      'memory',
      'internal',
    ]);
    expect([bomb.run.collateral, bomb.run.uncertain]).toEqual([false, false]);
    expect([bystander.run.collateral, bystander.run.uncertain]).toEqual([true, false]);
  });

  it('charges nobody when runs of several clients were executing: each is uncertain, run again apart', async () => {
    const bomb = runOf('mallory/c1', true);
    const honest = runOf('alice/c1', true);
    const beside = runOf('alice/c2', false);
    await pastStart();
    failRunsOfEndedProcess([bomb.run, honest.run, beside.run], V8_ABORT);
    expect(await Promise.all([bomb, honest, beside].map((run) => kindOf(run.result)))).toEqual([
      'internal',
      'internal',
      'internal',
    ]);
    expect([bomb.run.uncertain, honest.run.uncertain, beside.run.uncertain]).toEqual([true, true, false]);
    expect(beside.run.collateral).toBe(true);
  });

  it('tells two conversations of one principal apart: a strike is only ever the striking conversation’s', async () => {
    const bomb = runOf('acme/c1', true);
    const sibling = runOf('acme/c2', true);
    await pastStart();
    failRunsOfEndedProcess([bomb.run, sibling.run], V8_ABORT);
    expect(await Promise.all([bomb, sibling].map((run) => kindOf(run.result)))).toEqual(['internal', 'internal']);
    expect([bomb.run.uncertain, sibling.run.uncertain]).toEqual([true, true]);
  });
});
