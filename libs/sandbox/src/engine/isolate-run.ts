import ivm from 'isolated-vm';
import type { SandboxError } from '../errors/sandbox.error';
import { SandboxCancelledError } from '../errors/sandbox-cancelled.error';
import { SandboxInternalError } from '../errors/sandbox-internal.error';
import { SandboxTimeoutError } from '../errors/sandbox-timeout.error';
import type { SandboxOptions } from '../interfaces/sandbox-options.interface';
import type { SandboxFailureKind, SandboxRunRequest, SandboxRunResult } from '../interfaces/sandbox-run.interface';
import { RESULT_PREVIEW_CHARS } from '../sandbox.constants';
import type { BridgeCallScheduler } from './bridge-call.scheduler';
import { BridgeRelay } from './bridge-relay';
import { ConsoleCapture } from './console-capture';
import type { CpuTurn } from './cpu-gate';
import { decodeHarnessAnswer, type RunOutcome } from './harness-answer';
import type { IsolateLease, IsolatePool } from './isolate.pool';
import { watchIsolate } from './isolate.watch';
import { isSyntaxError, toSandboxError } from './isolate-failure.mapper';
import { endedNormally, keepWhenIdle } from './isolate-keeping';
import { isNestingError, toNestingFailure, toSyntaxFailure, USER_SCRIPT_ORIGIN, wrapUserCode } from './user-script';

export type RunnerSettings = Pick<
  SandboxOptions,
  'cpuTimeMs' | 'memoryMb' | 'maxCalls' | 'maxArgBytes' | 'maxResultBytes' | 'maxConsoleBytes'
>;

/** What a lost isolate is reported as: its memory limit, like isolated-vm's own message for the breach. */
const LOST_ISOLATE = 'Isolate was disposed during execution due to memory limit, and its thread did not return';

/** Failures that mean the run was stopped from outside the script; a call-limit breach does not override them. */
const STOPPED: ReadonlySet<SandboxFailureKind> = new Set(['timeout', 'cpu', 'memory', 'cancelled', 'internal']);

/**
 * One run: lease an isolate, bootstrap a fresh context, compile, run, then keep the isolate for its conversation
 * if the run ended cleanly and it went idle (isolate-keeping.ts), else dispose it. The wall-clock timer and the
 * abort signal race the work; whichever ends the run first disposes the isolate at once, which is the only
 * sure stop for code that spins after an `await`. Each entry into the isolate holds the run's CPU turn;
 * between entries (the script awaits `myko.*` calls) the run is resident but takes no CPU slot.
 */
export class IsolateRun {
  private readonly started = performance.now();
  private readonly capture: ConsoleCapture;
  private readonly relay: BridgeRelay;
  private lease: IsolateLease | undefined;
  private cpuNs = 0n;
  /** The isolate's CPU time when this run got it: a kept isolate's count includes earlier runs. */
  private cpuBeforeNs = 0n;
  private ended: RunOutcome | undefined;
  private endRun: (outcome: RunOutcome) => void = () => undefined;
  private readonly ending = new Promise<RunOutcome>((resolve) => {
    this.endRun = resolve;
  });
  /** Dispose the (idle) isolate of a finished run on the next turn, after its answer went out. */
  disposeAfterAnswer = false;
  private deliver: (answer: unknown) => void = () => undefined;
  private readonly answer = new Promise<unknown>((resolve) => {
    this.deliver = resolve;
  });

  constructor(
    private readonly pool: IsolatePool,
    readonly turn: CpuTurn,
    scheduler: BridgeCallScheduler,
    private readonly settings: RunnerSettings,
    private readonly request: SandboxRunRequest,
    private readonly wallMs: number,
    private readonly onInternalError?: (error: unknown) => void,
  ) {
    this.capture = new ConsoleCapture(settings.maxConsoleBytes);
    const onFatal = (error: unknown) => this.stop(toSandboxError(error, settings));
    this.relay = new BridgeRelay(request.bridge, settings, turn, onFatal, scheduler);
  }

  async execute(): Promise<SandboxRunResult> {
    const { signal } = this.request;
    const timer = setTimeout(() => this.stop(new SandboxTimeoutError(this.wallMs)), this.wallMs);
    const onAbort = () => this.stop(new SandboxCancelledError(true));
    signal?.addEventListener('abort', onAbort, { once: true });
    const unwatch = watchIsolate(
      () => this.lease?.isolate,
      {
        onCpuBound: () => {
          this.turn.demote();
          this.request.onCpuBound?.();
        },
        onLost: () => {
          if (this.lease) this.pool.lose(this.lease, LOST_ISOLATE);
        },
      },
      () => this.cpuBeforeNs,
    );
    try {
      if (signal?.aborted) onAbort();
      const raced = await Promise.race([this.work(), this.ending]);
      // Whoever stopped the run first names the outcome, even if the work's rejection was queued earlier.
      const outcome = this.ended ?? raced;
      // The script has ended (or was stopped, and its isolate is gone already): the isolate is kept for the
      // conversation's next run, or disposed, off the request's path.
      this.finish(outcome);
      return this.result(outcome);
    } finally {
      clearTimeout(timer);
      unwatch();
      this.turn.release();
      signal?.removeEventListener('abort', onAbort);
      this.relay.close();
      this.dispose();
    }
  }

  private async work(): Promise<RunOutcome> {
    try {
      const lease = await this.pool.acquire(this.request.reuseKey);
      this.lease = lease;
      this.cpuBeforeNs = lease.isolate.cpuTime;
      lease.onCatastrophe = (message) => this.stop(toSandboxError(message, this.settings));
      lease.harness.hooks = {
        send: this.relay.send,
        write: (level, text) => this.capture.write(level, text),
        done: (answer) => this.deliver(answer),
      };
      if (this.ended) {
        this.dispose();
        return this.ended;
      }
      const refused = await this.turn.enter(() => this.start(lease));
      if (refused) return refused;
      if (this.ended) return this.ended;
      return decodeHarnessAnswer(await this.answer, this.settings.maxResultBytes);
    } catch (error) {
      return this.ended ?? this.failed(toSandboxError(error, this.settings));
    }
  }

  /**
   * The first entry: compile and evaluate the wrapper (one trip to the isolate), then the script up to its
   * first `await` (the harness was bootstrapped when the isolate was created). Resolves a compile failure,
   * or undefined once the script is under way (its answer comes through `done`).
   */
  private async start(lease: IsolateLease): Promise<RunOutcome | undefined> {
    const fn = await this.evaluate(lease);
    if (!(fn instanceof ivm.Reference)) return fn;
    const { cpuTimeMs, maxResultBytes, maxArgBytes, maxConsoleBytes } = this.settings;
    this.relay.attach(lease.harness.settle);
    const args = [fn.derefInto(), maxResultBytes, RESULT_PREVIEW_CHARS, maxArgBytes, maxConsoleBytes];
    await lease.harness.start.apply(undefined, args, { timeout: cpuTimeMs });
    return undefined;
  }

  /** The user's code as the body of an async function (not called yet), or why it cannot compile. */
  private async evaluate(lease: IsolateLease): Promise<ivm.Reference | RunOutcome> {
    const options = { ...USER_SCRIPT_ORIGIN, reference: true, timeout: this.settings.cpuTimeMs } as const;
    try {
      return await lease.context.eval(wrapUserCode(this.request.code), options);
    } catch (error) {
      if (isNestingError(error)) return { ok: false, failure: toNestingFailure(this.request.code) };
      if (!isSyntaxError(error)) throw error;
      return { ok: false, failure: toSyntaxFailure(error, this.request.code) };
    }
  }

  /** CPU time of this run in its isolate so far, in ns (0 before it has one or after it is gone). */
  cpuTime(): bigint {
    try {
      return this.lease ? this.lease.isolate.cpuTime - this.cpuBeforeNs : 0n;
    } catch {
      return 0n;
    }
  }

  /**
   * A run that ended normally (its answer, or its script's own error; never a limit, a stop or a crash) with a
   * `reuseKey` leaves its isolate to the pool to keep, once no entry of it runs any more; any other is disposed.
   */
  private finish(outcome: RunOutcome): void {
    const key = this.request.reuseKey;
    const lease = this.lease;
    if (key === undefined || !lease || this.ended || !endedNormally(outcome) || this.relay.breach) {
      this.dispose(this.disposeAfterAnswer);
      return;
    }
    this.lease = undefined;
    this.cpuNs = this.runCpuOf(lease);
    void keepWhenIdle(this.pool, this.turn, lease, key);
  }

  private runCpuOf(lease: IsolateLease): bigint {
    try {
      return lease.isolate.isDisposed ? this.cpuNs : lease.isolate.cpuTime - this.cpuBeforeNs;
    } catch {
      // A memory-limit breach disposes the isolate inside isolated-vm; its CPU time is gone with it.
      return this.cpuNs;
    }
  }

  /** Ends the run now (timer, abort, fatal isolate error, a watcher): first caller wins, the isolate is disposed at once. */
  stop(error: SandboxError): void {
    if (this.ended) return;
    this.ended = this.failed(error);
    this.relay.close();
    this.dispose();
    this.endRun(this.ended);
  }

  private failed(error: SandboxError): RunOutcome {
    if (error instanceof SandboxInternalError) this.onInternalError?.(error.cause);
    return { ok: false, failure: error.toFailure() };
  }

  private dispose(later = false): void {
    const lease = this.lease;
    if (!lease) return;
    this.lease = undefined;
    this.cpuNs = this.runCpuOf(lease);
    this.pool.release(lease, later);
  }

  private result(outcome: RunOutcome): SandboxRunResult {
    const final = this.withCallLimit(outcome);
    const console = this.capture.snapshot();
    const wallMs = performance.now() - this.started;
    const cpuMs = Number(this.cpuNs) / 1e6;
    const stats = {
      wallMs: round(wallMs),
      cpuMs: round(cpuMs),
      calls: this.relay.calls,
      idleMs: round(Math.max(wallMs - cpuMs - this.relay.awaitedMs, 0)),
    };
    return final.ok
      ? { ok: true, resultJson: final.resultJson, console, stats }
      : { ok: false, error: final.failure, console, stats };
  }

  /** Past `maxCalls` the run fails as `call-limit` even if the script caught the error and went on. */
  private withCallLimit(outcome: RunOutcome): RunOutcome {
    const breach = this.relay.breach;
    if (!breach || (!outcome.ok && STOPPED.has(outcome.failure.kind))) return outcome;
    const failure = breach.toFailure();
    if (!outcome.ok && outcome.failure.kind === 'call-limit') {
      failure.line = outcome.failure.line;
      failure.column = outcome.failure.column;
    }
    return { ok: false, failure };
  }
}

function round(ms: number): number {
  return Math.round(ms * 100) / 100;
}
