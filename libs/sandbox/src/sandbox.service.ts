import { Inject, Injectable, Logger, type OnModuleDestroy, Optional } from '@nestjs/common';
import { SandboxError } from './errors/sandbox.error';
import { SandboxCancelledError } from './errors/sandbox-cancelled.error';
import type { SandboxOptions } from './interfaces/sandbox-options.interface';
import type { SandboxRunRequest, SandboxRunResult } from './interfaces/sandbox-run.interface';
import { IsolatePool } from './isolate.pool';
import { IsolateRunner } from './isolate-runner';
import { assertNoNodeSnapshotFlag } from './node-flags';
import { RunSemaphore } from './run-semaphore';
import { SANDBOX_MODULE_OPTIONS } from './sandbox.module-definition';
import { effectiveWallTime, resolveSandboxOptions } from './sandbox-options.resolver';

/** Load of the sandbox right now. */
export interface SandboxStatus {
  running: number;
  queued: number;
  /** Isolates created and not yet disposed (warm pool included). */
  liveIsolates: number;
  /** Isolates V8 lost control of since start-up; each one's thread and memory are gone for good. */
  catastrophicErrors: number;
}

/**
 * Runs model-written code (`execute`) in a fresh isolated-vm isolate per run, at most `maxConcurrent` at a
 * time with a bounded queue. Never throws for a failed run: every outcome is a `SandboxRunResult`.
 * @publicApi
 */
@Injectable()
export class SandboxService implements OnModuleDestroy {
  /** The effective options (defaults merged with the module's). */
  readonly options: SandboxOptions;
  private readonly logger = new Logger(SandboxService.name);
  private readonly semaphore: RunSemaphore;
  private readonly pool: IsolatePool;
  private readonly runner: IsolateRunner;
  private catastrophicErrors = 0;

  constructor(@Optional() @Inject(SANDBOX_MODULE_OPTIONS) options?: Partial<SandboxOptions>) {
    assertNoNodeSnapshotFlag();
    this.options = resolveSandboxOptions(options);
    this.semaphore = new RunSemaphore(this.options.maxConcurrent, this.options.maxQueue);
    this.pool = new IsolatePool({
      memoryMb: this.options.memoryMb,
      warmPool: this.options.warmPool,
      onCatastrophicError: (message) => this.catastrophe(message),
      onWarmupError: (error) => this.logger.error('Could not pre-create an isolate', error),
    });
    this.runner = new IsolateRunner(this.pool, this.options, (error) =>
      this.logger.error('Sandbox run failed internally', error instanceof Error ? error.stack : String(error)),
    );
  }

  /** Runs `request.code` as the body of an async function; resolves with its JSON result or a failure. */
  async run(request: SandboxRunRequest): Promise<SandboxRunResult> {
    const wallMs = effectiveWallTime(request.timeoutMs, this.options.wallTimeMs);
    const queuedAt = performance.now();
    let release: () => void;
    try {
      release = await this.semaphore.acquire(request.signal);
    } catch (error) {
      if (error instanceof SandboxError) return refused(error, performance.now() - queuedAt);
      throw error;
    }
    const queuedMs = Math.round((performance.now() - queuedAt) * 100) / 100;
    try {
      const result = await this.runner.run(request, wallMs);
      result.stats.queuedMs = queuedMs;
      return result;
    } finally {
      release();
    }
  }

  status(): SandboxStatus {
    return { ...this.semaphore.stats, liveIsolates: this.pool.live, catastrophicErrors: this.catastrophicErrors };
  }

  /** Refuses queued runs and disposes warm isolates; running runs end by themselves (bounded by the wall clock). */
  async onModuleDestroy(): Promise<void> {
    this.semaphore.refuseQueued(new SandboxCancelledError(false));
    await this.pool.close();
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
    this.logger.fatal(`isolated-vm lost control of an isolate (its thread and memory are leaked): ${message}`);
    this.options.onCatastrophicError?.(message);
  }
}

function refused(error: SandboxError, queuedMs: number): SandboxRunResult {
  return {
    ok: false,
    error: error.toFailure(),
    console: { text: '', truncated: false },
    stats: { wallMs: 0, cpuMs: 0, calls: 0, queuedMs: Math.round(queuedMs * 100) / 100 },
  };
}
