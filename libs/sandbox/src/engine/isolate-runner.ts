import type { SandboxRunRequest, SandboxRunResult } from '../interfaces/sandbox-run.interface';
import { BridgeCallScheduler } from './bridge-call.scheduler';
import type { CpuGate } from './cpu-gate';
import type { IsolatePool } from './isolate.pool';
import { IsolateRun, type RunnerSettings } from './isolate-run';

export type { IsolateRun, RunnerSettings } from './isolate-run';

/**
 * Runs one request in a fresh context of a leased isolate (an isolate kept for its conversation may be leased
 * again: isolate-keeping.ts). Knows nothing of Nest or MCP: the `SandboxService` queues runs and owns the
 * options; the bridge owns policy.
 */
export class IsolateRunner {
  constructor(
    private readonly pool: IsolatePool,
    private readonly gate: CpuGate,
    private readonly settings: RunnerSettings,
    private readonly onInternalError?: (error: unknown) => void,
    /**
     * `sandbox-process`: calls pass straight through (the server schedules the calls it serves), and an
     * idle isolate is disposed after the run's answer has been sent, off the request's path.
     */
    private readonly where: 'server' | 'sandbox-process' = 'server',
  ) {}

  /** @param lowPriority a heavy client's run: it waits behind normal runs for a CPU slot */
  run(request: SandboxRunRequest, wallMs: number, lowPriority = false): Promise<SandboxRunResult> {
    return this.begin(request, wallMs, lowPriority).execute();
  }

  /** The run itself, for a host that watches it while it runs (`execute()` starts it). */
  begin(request: SandboxRunRequest, wallMs: number, lowPriority = false): IsolateRun {
    const inSandboxProcess = this.where === 'sandbox-process';
    const scheduler = inSandboxProcess ? BridgeCallScheduler.passthrough() : new BridgeCallScheduler();
    const { pool, gate, settings, onInternalError } = this;
    const run = new IsolateRun(pool, gate.turn(lowPriority), scheduler, settings, request, wallMs, onInternalError);
    run.disposeAfterAnswer = inSandboxProcess;
    return run;
  }
}
