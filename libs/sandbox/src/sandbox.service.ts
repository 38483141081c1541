import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit, Optional } from '@nestjs/common';
import { SandboxError } from './errors/sandbox.error';
import { SandboxCancelledError } from './errors/sandbox-cancelled.error';
import { failedRun } from './failed-run';
import type { SandboxIsolation, SandboxOptions } from './interfaces/sandbox-options.interface';
import type { SandboxRunRequest, SandboxRunResult } from './interfaces/sandbox-run.interface';
import type { RunnerStatus, SandboxRunner } from './interfaces/sandbox-runner.interface';
import { RunSemaphore } from './run-semaphore';
import { SANDBOX_MODULE_OPTIONS } from './sandbox.module-definition';
import { effectiveWallTime, resolveSandboxOptions } from './sandbox-options.resolver';
import { createSandboxRunner } from './sandbox-runner.factory';

/** Load and health of the sandbox right now. */
export interface SandboxStatus extends RunnerStatus {
  isolation: SandboxIsolation;
  running: number;
  queued: number;
  /**
   * Isolates created and not yet disposed (warm pool included). With process isolation, as the sandbox
   * processes last reported (after each run).
   */
  liveIsolates: number;
  /** Isolates V8 lost control of since start-up (in-process, each one's thread and memory are gone for good). */
  catastrophicErrors: number;
  /** Sandbox processes that died unexpectedly since start-up; each was replaced. Always 0 in-process. */
  crashes: number;
}

/**
 * Runs model-written code (`execute`) in a fresh isolated-vm isolate per run, at most `maxConcurrent` at a
 * time with a bounded queue. By default the isolates live in a sandbox process, so even a script that crashes
 * V8 leaves the server running (see `SandboxOptions.isolation`). Never throws for a failed run: every outcome
 * is a `SandboxRunResult`.
 * @publicApi
 */
@Injectable()
export class SandboxService implements OnModuleInit, OnApplicationShutdown {
  /** The effective options (defaults merged with the module's). */
  readonly options: SandboxOptions;
  private readonly logger = new Logger(SandboxService.name);
  private readonly semaphore: RunSemaphore;
  private readonly runner: SandboxRunner;
  /**
   * Runs that used `CPU_BOUND_MS` (0.5 s) of CPU time and gave their slot to the runs waiting behind them: a spinning
   * script would otherwise hold a slot to its CPU limit while honest scripts queue. In a sandbox process
   * its thread also drops to the lowest OS priority (`CpuHogDemoter`), so it only gets spare CPU. At most
   * `maxConcurrent` of them at once, so live isolates stay bounded by twice `maxConcurrent`.
   */
  private cpuBoundRuns = 0;

  constructor(@Optional() @Inject(SANDBOX_MODULE_OPTIONS) options?: Partial<SandboxOptions>) {
    this.options = resolveSandboxOptions(options);
    this.semaphore = new RunSemaphore(this.options.maxConcurrent, this.options.maxQueue);
    this.runner = createSandboxRunner(this.options, this.logger);
  }

  /** Starts the sandbox processes, so the first run finds them warm; fails start-up clearly if they cannot start. */
  async onModuleInit(): Promise<void> {
    await this.runner.start();
  }

  /** Runs `request.code` as the body of an async function; resolves with its JSON result or a failure. */
  async run(request: SandboxRunRequest): Promise<SandboxRunResult> {
    const wallMs = effectiveWallTime(request.timeoutMs, this.options.wallTimeMs);
    const queuedAt = performance.now();
    let release: () => void;
    try {
      release = await this.semaphore.acquire(request.signal, wallMs);
    } catch (error) {
      if (error instanceof SandboxError)
        return failedRun(error, { queuedMs: Math.round((performance.now() - queuedAt) * 100) / 100 });
      throw error;
    }
    const queuedMs = Math.round((performance.now() - queuedAt) * 100) / 100;
    let freed = false;
    const onCpuBound = () => {
      request.onCpuBound?.();
      if (this.cpuBoundRuns >= this.options.maxConcurrent) return;
      freed = true;
      this.cpuBoundRuns++;
      release();
    };
    try {
      const result = await this.runner.run({ ...request, onCpuBound }, wallMs);
      result.stats.queuedMs = queuedMs;
      return result;
    } finally {
      release();
      if (freed) this.cpuBoundRuns--;
    }
  }

  status(): SandboxStatus {
    const { running, queued } = this.semaphore.stats;
    // A CPU-bound run gave its slot back but is still running.
    const slots = { running: running + this.cpuBoundRuns, queued };
    return { isolation: this.options.isolation, ...slots, ...this.runner.status() };
  }

  /**
   * Refuses queued runs and shuts the runner down: sandbox processes are killed (their running runs end as
   * cancelled) and awaited, so none outlives the server; in-process, running runs end by themselves. At
   * application shutdown, not module destroy: Nest runs that before the gateways' drain, whose in-flight
   * runs still need the sandbox.
   */
  async onApplicationShutdown(): Promise<void> {
    this.semaphore.refuseQueued(new SandboxCancelledError(false));
    await this.runner.close();
  }
}
