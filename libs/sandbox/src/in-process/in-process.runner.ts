import { CpuGate } from '../engine/cpu-gate';
import { IsolatePool } from '../engine/isolate.pool';
import { IsolateRunner } from '../engine/isolate-runner';
import type { SandboxOptions } from '../interfaces/sandbox-options.interface';
import type { SandboxRunRequest, SandboxRunResult } from '../interfaces/sandbox-run.interface';
import type { RunnerStatus, SandboxRunner } from '../interfaces/sandbox-runner.interface';
import { assertNoNodeSnapshotFlag } from '../node-flags';

/** Where the in-process runner reports what it cannot return (it knows no Nest logger). */
export interface InProcessHooks {
  onInternalError(error: unknown): void;
  onWarmupError(error: unknown): void;
  onCatastrophe(message: string): void;
}

/**
 * Isolates in the server's own process (`isolation: 'in-process'`): no IPC hop, but a script that crashes
 * V8 crashes the server, and a lost isolate's thread and memory stay lost. For tests and benchmarks.
 */
export class InProcessRunner implements SandboxRunner {
  private readonly pool: IsolatePool;
  private readonly runner: IsolateRunner;
  private readonly gate: CpuGate;
  private catastrophicErrors = 0;

  constructor(
    private readonly options: SandboxOptions,
    private readonly hooks: InProcessHooks,
  ) {
    assertNoNodeSnapshotFlag();
    this.pool = new IsolatePool({
      memoryMb: options.memoryMb,
      warmPool: options.warmPool,
      onCatastrophicError: (message) => this.catastrophe(message),
      onWarmupError: hooks.onWarmupError,
    });
    this.gate = new CpuGate(options.maxConcurrent);
    this.runner = new IsolateRunner(this.pool, this.gate, options, hooks.onInternalError);
  }

  async start(): Promise<void> {}

  run(request: SandboxRunRequest, wallMs: number, lowPriority = false): Promise<SandboxRunResult> {
    return this.runner.run(request, wallMs, lowPriority);
  }

  status(): RunnerStatus {
    const { executing, peakExecuting } = this.gate.stats;
    return {
      liveIsolates: this.pool.live,
      catastrophicErrors: this.catastrophicErrors,
      processes: [],
      crashes: 0,
      executing,
      peakExecuting,
    };
  }

  /** Disposes warm isolates; running runs end by themselves (bounded by the wall clock). */
  close(): Promise<void> {
    return this.pool.close();
  }

  /**
   * isolated-vm's advice is to end the process here. We keep serving by default: the run that caused it has
   * already failed, and a hostile one-line script can cause it, so aborting would turn such a script into an
   * outage. The lost isolate's thread and memory are counted in `status()`; `onCatastrophicError` can exit.
   */
  private catastrophe(message: string): void {
    if (this.catastrophicErrors++ === 0) {
      // The lost isolate's thread never returns, so a normal exit would hang in isolated-vm's teardown.
      process.once('exit', () => process.kill(process.pid, 'SIGKILL'));
    }
    this.hooks.onCatastrophe(message);
    this.options.onCatastrophicError?.(message);
  }
}
