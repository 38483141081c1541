import type { RunnerSettings } from '../engine/isolate-runner';
import { SandboxError } from '../errors/sandbox.error';
import { SandboxCancelledError } from '../errors/sandbox-cancelled.error';
import { SandboxUnavailableError } from '../errors/sandbox-unavailable.error';
import { failedRun } from '../failed-run';
import type { SandboxOptions } from '../interfaces/sandbox-options.interface';
import type { SandboxRunRequest, SandboxRunResult } from '../interfaces/sandbox-run.interface';
import type { RunnerStatus, SandboxRunner } from '../interfaces/sandbox-runner.interface';
import type { HostConfig } from '../process-host/host-protocol.interface';
import { restartDelayMs } from '../sandbox.constants';
import { waitAtMost } from './bounded-wait';
import { ConversationAffinity } from './conversation-affinity';
import { CrashQuarantine } from './crash-quarantine';
import { decideReplay } from './crash-replay';
import { processPoolStatus, reserveLeastBusy } from './pool-status';
import type { ProcessExit } from './process-exit.mapper';
import type { ProcessListener } from './process-listener.interface';
import {
  oversizedProcessLine,
  processDeathLine,
  restartsPausedError,
  restartsPausedLine,
} from './process-pool.messages';
import { type ProcessPoolLog, type ProcessPoolTuning, resolveTuning } from './process-pool.tuning';
import { ProcessRun } from './process-run';
import { ReadyWaiters } from './ready-waiters';
import { RestartBudget } from './restart-budget';
import { SandboxProcess } from './sandbox-process';

/** Longest wait for killed sandbox processes to be reaped at shutdown (SIGKILL takes milliseconds). */
const CLOSE_TIMEOUT_MS = 5_000;

/**
 * Runs scripts in `options.processes` sandbox processes (process isolation): a script that crashes V8 takes
 * down only its disposable process. A process that dies is replaced at once the first time, then with
 * backoff, at most `restartsPerMinute` times a minute; past that, runs fail at once with a clear error until
 * the minute frees up. A process that lost an isolate or grew past `processMaxRssMb` is retired: replaced at
 * once, and killed when its running scripts have finished.
 */
export class SandboxProcessPool implements SandboxRunner, ProcessListener<SandboxProcess> {
  private readonly processes = new Set<SandboxProcess>();
  private readonly tuning: ProcessPoolTuning;
  /** What each run message carries: plain numbers only (the options may hold a callback, which cannot cross). */
  private readonly limits: RunnerSettings;
  private readonly restarts: RestartBudget;
  private readonly waiters = new ReadyWaiters();
  private readonly quarantine: CrashQuarantine;
  private starting: Promise<void> | undefined;
  private started = false;
  private closed = false;
  private maintainTimer: NodeJS.Timeout | undefined;
  private lastRunId = 0;
  private crashes = 0;
  private catastrophicErrors = 0;
  private peakExecuting = 0;

  private readonly affinity = new ConversationAffinity();
  constructor(
    private readonly options: SandboxOptions,
    private readonly log: ProcessPoolLog,
    tuning: Partial<ProcessPoolTuning> = {},
  ) {
    this.tuning = resolveTuning(options, tuning);
    // Per process: with several, one client's crashes spend a share, and a crash takes down one of them.
    this.restarts = new RestartBudget(this.tuning.restartsPerMinute * options.processes, 60_000);
    const { cpuTimeMs, memoryMb, maxCalls, maxArgBytes, maxResultBytes, maxConsoleBytes } = options;
    this.limits = { cpuTimeMs, memoryMb, maxCalls, maxArgBytes, maxResultBytes, maxConsoleBytes };
    this.quarantine = new CrashQuarantine(() => this.newProcess(), Math.max(2, options.processes));
  }

  /** Spawns the processes and waits until each reports ready; rejects with `SandboxStartError` if one cannot. */
  start(): Promise<void> {
    if (this.closed) return Promise.reject(new SandboxUnavailableError('the sandbox is shut down'));
    this.starting ??= this.spawnAll().then(
      () => {
        this.started = true;
      },
      (error: unknown) => {
        this.starting = undefined;
        throw error;
      },
    );
    return this.starting;
  }

  /**
   * Runs in the least busy process. A run that another script's crash ended, that changed nothing yet, is
   * run again (`crash-replay.ts`) within its wall clock: in a shared process when it was only beside the
   * crash, in a process of its client's own when it was executing beside other clients' runs.
   */
  async run(request: SandboxRunRequest, wallMs: number, lowPriority = false): Promise<SandboxRunResult> {
    let { run, result } = await this.runOnce(request, wallMs, lowPriority);
    for (let replays = 0; ; replays++) {
      const decision = decideReplay(run, result, replays, this.closed);
      if (decision.next === 'done') return decision.result;
      const apart = decision.apart ? (request.client ?? '') : undefined;
      ({ run, result } = await this.runOnce(request, decision.wallMs, lowPriority, apart));
    }
  }

  /** @param apart the client whose process of its own runs it (`CrashQuarantine`); absent: a shared one */
  private async runOnce(
    request: SandboxRunRequest,
    wallMs: number,
    lowPriority: boolean,
    apart?: string,
  ): Promise<{ run?: ProcessRun; result: SandboxRunResult }> {
    if (this.closed) return { result: failedRun(new SandboxUnavailableError('the sandbox is shut down')) };
    let proc: SandboxProcess;
    try {
      await this.start().catch((error: unknown) => {
        this.log.error(`Sandbox process start failed: ${error instanceof Error ? error.message : String(error)}`);
        throw new SandboxUnavailableError('its process could not start');
      });
      const own = apart === undefined ? undefined : await this.quarantine.take(apart);
      proc = own ?? (await this.pick(request.signal, request.reuseKey));
    } catch (error) {
      return { result: failedRun(error instanceof SandboxError ? error : new SandboxUnavailableError(String(error))) };
    }
    const { limits, tuning } = this;
    const run = new ProcessRun(++this.lastRunId, request, wallMs, limits, tuning.graceMs, proc, lowPriority);
    return { run, result: await proc.execute(run) };
  }

  status(): RunnerStatus {
    const all = [...this.processes, ...this.quarantine.processes];
    const status = processPoolStatus(all, this.crashes, this.catastrophicErrors, this.peakExecuting);
    this.peakExecuting = status.peakExecuting;
    return status;
  }

  /** Kills every process (runs still in one end as cancelled) and waits until each has exited. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.maintainTimer);
    this.waiters.rejectAll(new SandboxCancelledError(false));
    const processes = [...this.processes, ...this.quarantine.processes];
    for (const proc of processes) proc.kill('closing');
    await waitAtMost(Promise.all(processes.map((proc) => proc.exited)), CLOSE_TIMEOUT_MS);
  }

  onCatastrophe(proc: SandboxProcess, message: string): void {
    this.catastrophicErrors++;
    this.log.error(`isolated-vm lost control of an isolate in sandbox process ${proc.pid}: ${message}. Replacing it.`);
    this.options.onCatastrophicError?.(message);
    this.retire(proc);
  }

  onLog(proc: SandboxProcess, message: string, level: 'warn' | 'error' = 'error'): void {
    this.log[level](`Sandbox process ${proc.pid}: ${message}`);
  }

  onRetireRequest(proc: SandboxProcess, reason: string): void {
    this.log.warn(`Sandbox process ${proc.pid}: ${reason}; replacing it.`);
    this.retire(proc);
  }

  onRunEnded(proc: SandboxProcess): void {
    if (proc.exit) return;
    if (this.quarantine.has(proc)) {
      if (proc.load === 0) proc.kill('retired');
      return;
    }
    if (!proc.retiring && proc.report.rssMb > this.options.processMaxRssMb) {
      this.log.warn(oversizedProcessLine(proc, this.options.processMaxRssMb));
      this.retire(proc);
    } else if (proc.retiring && proc.running === 0) {
      proc.kill('retired');
    }
  }

  onExit(proc: SandboxProcess, exit: ProcessExit): void {
    const shared = this.processes.delete(proc);
    this.quarantine.forget(proc);
    if (!proc.endedAsPlanned && proc.wasReady) {
      this.crashes++;
      this.log.error(processDeathLine(proc, exit, shared));
    }
    if (this.started) this.maintain();
  }

  private async spawnAll(): Promise<void> {
    const spawned = Array.from({ length: this.options.processes - this.active().length }, () => this.spawn());
    try {
      await Promise.all(spawned.map((proc) => proc.ready));
    } catch (error) {
      for (const proc of spawned) proc.kill('start-timeout');
      throw error;
    }
  }

  /** A sandbox process configured as the pool's, not yet one of them. */
  private newProcess(): SandboxProcess {
    const { memoryMb, warmPool, maxConcurrent, processes, processRssLimitMb } = this.options;
    const cpuSlots = Math.ceil(maxConcurrent / processes);
    const config: HostConfig = { memoryMb, warmPool, cpuSlots, rssLimitMb: processRssLimitMb };
    return new SandboxProcess(this.tuning.launch, config, this.tuning.startTimeoutMs, this);
  }

  private spawn(): SandboxProcess {
    const proc = this.newProcess();
    this.processes.add(proc);
    proc.ready.then(
      () => this.wake(),
      (error: unknown) => {
        if (this.started) this.log.error(`A replacement sandbox process failed to start: ${String(error)}`);
      },
    );
    return proc;
  }

  /** Brings the number of processes taking runs back to `processes`, within the restart budget. */
  private maintain(): void {
    if (this.closed || this.maintainTimer || this.active().length >= this.options.processes) return;
    const waitMs = this.restarts.waitMs();
    if (waitMs > 0 && this.active().length === 0) {
      this.log.error(restartsPausedLine(this.tuning.restartsPerMinute, waitMs));
      this.waiters.rejectAll(restartsPausedError(this.tuning.restartsPerMinute, waitMs));
    }
    const delay = Math.max(waitMs, restartDelayMs(this.restarts.recent()));
    this.maintainTimer = setTimeout(() => {
      this.maintainTimer = undefined;
      if (this.closed) return;
      this.restarts.record();
      this.spawn();
      this.maintain();
    }, delay);
    // Nobody is served by a restart in a server that has nothing else left to do.
    this.maintainTimer.unref();
  }

  /**
   * Puts a healthy but spent process out of service: it takes no new runs, its replacement starts at once
   * (outside the crash budget: this is maintenance, not a crash loop), and it is killed once idle.
   */
  private retire(proc: SandboxProcess): void {
    if (!proc.beginRetiring()) return;
    if (!this.closed && this.active().length < this.options.processes) this.spawn();
    if (proc.running === 0) proc.kill('retired');
  }

  /** Processes that take runs or soon will (starting), least busy first. */
  private active(): SandboxProcess[] {
    return [...this.processes].filter((proc) => !proc.retiring && !proc.exit);
  }

  private pick(signal?: AbortSignal, reuseKey?: string): Promise<SandboxProcess> {
    const ready = this.ready();
    if (ready.length > 0) return Promise.resolve(this.affinity.reserve(ready, reuseKey));
    const waitMs = this.restarts.waitMs();
    if (this.active().length === 0 && waitMs > 0)
      return Promise.reject(restartsPausedError(this.tuning.restartsPerMinute, waitMs));
    this.maintain();
    return this.waiters.wait(this.tuning.startTimeoutMs, signal);
  }

  private ready(): SandboxProcess[] {
    return this.active().filter((proc) => proc.isReady);
  }

  private wake(): void {
    const ready = this.ready();
    if (ready.length > 0) this.waiters.resolveAll(() => reserveLeastBusy(ready));
  }
}
