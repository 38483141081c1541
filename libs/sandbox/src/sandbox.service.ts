import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit, Optional } from '@nestjs/common';
import { SandboxError } from './errors/sandbox.error';
import { SandboxCancelledError } from './errors/sandbox-cancelled.error';
import { failedRun } from './failed-run';
import type { SandboxIsolation, SandboxOptions } from './interfaces/sandbox-options.interface';
import type { SandboxRunRequest, SandboxRunResult } from './interfaces/sandbox-run.interface';
import type { RunnerStatus, SandboxRunner } from './interfaces/sandbox-runner.interface';
import { type HeavyCause, HeavyClients } from './lanes/heavy-clients';
import { RunSemaphore } from './run-semaphore';
import { SANDBOX_MODULE_OPTIONS } from './sandbox.module-definition';
import { effectiveWallTime, resolveSandboxOptions } from './sandbox-options.resolver';
import { createSandboxRunner } from './sandbox-runner.factory';

/** A principal moved to the low-priority lane: whose run showed it (`client`: `<principal>/<conversation>`) and why. */
export interface SandboxLaneChange {
  readonly principal: string;
  readonly client: string;
  readonly cause: HeavyCause;
  /** The share it went over, in percent of the sandbox's cores. */
  readonly cpuPercent: number;
}

/** Where a principal's runs go now, and the sandbox CPU it used lately. */
export interface SandboxLane {
  readonly lane: 'normal' | 'heavy';
  readonly cpuMs: number;
}

/** Load and health of the sandbox right now. */
export interface SandboxStatus extends RunnerStatus {
  isolation: SandboxIsolation;
  /** Runs resident now (started, not ended: computing or awaiting calls), and the most at once so far. */
  running: number;
  peakResident: number;
  /** Runs waiting for residency (`maxQueue`). */
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
 * Runs model-written code (`execute`) in a fresh isolated-vm isolate per run. Residency and CPU are bounded
 * apart: at most `maxResident` runs exist at once (memory), and at most `maxConcurrent` of their isolates
 * execute JavaScript at once (cores); a run awaiting `myko.*` calls holds only residency. By default the
 * isolates live in sandbox processes, so even a script that crashes V8 leaves the server running (see
 * `SandboxOptions.isolation`). Never throws for a failed run: every outcome is a `SandboxRunResult`.
 * @publicApi
 */
@Injectable()
export class SandboxService implements OnModuleInit, OnApplicationShutdown {
  /** The effective options (defaults merged with the module's). */
  readonly options: SandboxOptions;
  private readonly logger = new Logger(SandboxService.name);
  /** Residency: a run holds one of `maxResident` places from start to end (the CPU gate is the runner's). */
  private readonly semaphore: RunSemaphore;
  private readonly runner: SandboxRunner;
  /** Fair shares (`heavyClientCpuPercent`); absent when off. */
  private readonly heavy: HeavyClients | undefined;
  private peakResident = 0;
  private readonly laneListeners: ((change: SandboxLaneChange) => void)[] = [];

  constructor(@Optional() @Inject(SANDBOX_MODULE_OPTIONS) options?: Partial<SandboxOptions>) {
    this.options = resolveSandboxOptions(options);
    this.semaphore = new RunSemaphore(this.options.maxResident, this.options.maxQueue);
    this.runner = createSandboxRunner(this.options, this.logger);
    const { heavyClientCpuPercent, maxConcurrent } = this.options;
    const onHeavy = (principal: string, client: string, cause: HeavyCause) => {
      this.logger.log(
        `${principal} used more than ${heavyClientCpuPercent} % of the sandbox's CPU lately: its runs are low-priority`,
      );
      for (const listener of this.laneListeners)
        listener({ principal, client, cause, cpuPercent: heavyClientCpuPercent });
    };
    // Always there: a profile's `sandboxCpuPercent` quota gives its runs a share even when the server's is 0 (off).
    this.heavy = new HeavyClients(heavyClientCpuPercent, maxConcurrent, onHeavy);
  }

  /** Starts the sandbox processes, so the first run finds them warm; fails start-up clearly if they cannot start. */
  async onModuleInit(): Promise<void> {
    await this.runner.start();
  }

  /** Runs `request.code` as the body of an async function; resolves with its JSON result or a failure. */
  async run(request: SandboxRunRequest): Promise<SandboxRunResult> {
    const wallMs = effectiveWallTime(request.timeoutMs, this.options.wallTimeMs);
    const queuedAt = performance.now();
    const lowPriority = this.heavy?.isHeavy(request) ?? false;
    let release: () => void;
    try {
      release = await this.semaphore.acquire(request.signal, wallMs, lowPriority);
    } catch (error) {
      if (error instanceof SandboxError)
        return failedRun(error, { queuedMs: Math.round((performance.now() - queuedAt) * 100) / 100 });
      throw error;
    }
    const queuedMs = Math.round((performance.now() - queuedAt) * 100) / 100;
    this.peakResident = Math.max(this.peakResident, this.semaphore.stats.running);
    try {
      const { heavy } = this;
      const result = await this.runner.run(heavy ? heavy.watch(request) : request, wallMs, lowPriority);
      heavy?.record(request, result.stats);
      result.stats.queuedMs = queuedMs;
      return result;
    } finally {
      release();
    }
  }

  /** Calls `listener` when a principal's runs turn low-priority (once per turn); returns its stop. */
  onLaneChange(listener: (change: SandboxLaneChange) => void): () => void {
    this.laneListeners.push(listener);
    return () => {
      const at = this.laneListeners.indexOf(listener);
      if (at >= 0) this.laneListeners.splice(at, 1);
    };
  }

  /** The lane of `principal`'s runs now and its recent sandbox CPU (read-only: moves nobody). */
  laneOf(principal: string): SandboxLane {
    const heavy = this.heavy?.isHeavyPrincipal(principal) ?? false;
    return { lane: heavy ? 'heavy' : 'normal', cpuMs: Math.round(this.heavy?.usageMs(principal) ?? 0) };
  }

  status(): SandboxStatus {
    const { running, queued } = this.semaphore.stats;
    const { isolation } = this.options;
    return { isolation, running, peakResident: this.peakResident, queued, ...this.runner.status() };
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
