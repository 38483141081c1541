import type { Reference } from 'isolated-vm';
import { ArgumentSizeError } from '../errors/argument-size.error';
import { CallLimitError } from '../errors/call-limit.error';
import type { SandboxBridge, SandboxCallKind } from '../interfaces/sandbox-run.interface';
import { SANDBOX_CALL_KINDS } from '../sandbox.constants';
import { BridgeCallScheduler } from './bridge-call.scheduler';
import { type BridgeRefusal, bare, NO_JSON_TEXT, refusalOf } from './bridge-refusal';
import type { CpuTurn } from './cpu-gate';

export interface RelayLimits {
  maxCalls: number;
  maxArgBytes: number;
  cpuTimeMs: number;
}

/**
 * Host side of `myko.*` for one run: receives `send(callId, kind, id, argsJson, argsLength)` from the
 * isolate, enforces the call and argument limits (the isolate's own checks are only a shortcut), calls the
 * bridge, and settles the call inside the isolate through a host-held Reference. Once closed, no bridge call
 * starts and late results are dropped.
 */
export class BridgeRelay {
  /** Calls handed to the bridge. */
  calls = 0;
  /** Set when the script went past `maxCalls`: the run ends as `call-limit` whatever the script does next. */
  breach: CallLimitError | undefined;
  private attempts = 0;
  private closed = false;
  private inFlight = 0;
  private awaitingSince = 0;
  private awaited = 0;
  private settleRef: Reference | undefined;
  /** Answers waiting to enter the isolate, as (callId, ok, JSON text) triples (`settle`'s arguments). */
  private settling: Array<number | boolean | string> = [];
  private readonly controller = new AbortController();
  constructor(
    private readonly bridge: SandboxBridge,
    private readonly limits: RelayLimits,
    private readonly turn: CpuTurn,
    private readonly onFatal: (error: unknown) => void,
    private readonly scheduler = new BridgeCallScheduler(),
  ) {}

  attach(settle: Reference): void {
    this.settleRef = settle;
  }

  /** Passed to the isolate as an `ivm.Callback` (result ignored). */
  readonly send = (callId: unknown, kind: unknown, id: unknown, argsJson: unknown, argsLength: unknown): void => {
    if (this.closed || !Number.isSafeInteger(callId)) return;
    const refusal = this.check(kind, id, argsJson, argsLength);
    if (refusal) {
      this.settle(callId as number, false, refusal);
    } else {
      this.calls++;
      this.forward(callId as number, kind as SandboxCallKind, id as string, argsJson as string);
    }
  };

  /** Time, in ms, with at least one call in flight (handed on, not yet answered). */
  get awaitedMs(): number {
    return this.awaited + (this.inFlight > 0 ? performance.now() - this.awaitingSince : 0);
  }

  /** Stops the relay: aborts in-flight bridge calls and drops whatever settles later. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.controller.abort();
    this.scheduler.clear();
    try {
      this.settleRef?.release();
    } catch {
      // Already gone with its isolate.
    }
  }

  private check(kind: unknown, id: unknown, argsJson: unknown, argsLength: unknown): BridgeRefusal | undefined {
    if (!SANDBOX_CALL_KINDS.includes(kind as SandboxCallKind) || typeof id !== 'string') {
      return bare('TypeError', 'Invalid myko call');
    }
    if (++this.attempts > this.limits.maxCalls) {
      this.breach ??= new CallLimitError(this.limits.maxCalls);
      return refusalOf(this.breach);
    }
    const size = Math.max(typeof argsJson === 'string' ? Buffer.byteLength(argsJson) : 0, Number(argsLength) || 0);
    if (typeof argsJson !== 'string' || size > this.limits.maxArgBytes) {
      return refusalOf(new ArgumentSizeError(`myko.${kind}('${id.slice(0, 100)}')`, size, this.limits.maxArgBytes));
    }
    return undefined;
  }

  private forward(callId: number, kind: SandboxCallKind, id: string, argsJson: string): void {
    const signal = this.controller.signal;
    if (this.inFlight++ === 0) this.awaitingSince = performance.now();
    this.scheduler.schedule(async () => {
      try {
        if (signal.aborted) return;
        const result = await this.bridge.call(kind, id, argsJson, signal);
        this.settle(callId, true, result === undefined ? 'null' : result);
      } catch (error) {
        this.settle(callId, false, refusalOf(error));
      } finally {
        if (--this.inFlight === 0) this.awaited += performance.now() - this.awaitingSince;
      }
    });
  }

  private settle(callId: number, ok: boolean, payload: string | BridgeRefusal): void {
    if (this.closed || !this.settleRef) return;
    if (ok && typeof payload !== 'string') {
      this.settle(callId, false, NO_JSON_TEXT);
      return;
    }
    const text = typeof payload === 'string' ? payload : JSON.stringify(payload);
    // Answers settled in the same callback (a batch from the server, a `Promise.all` of quick calls) enter
    // the isolate together: one entry, one wake-up of its thread, instead of one each.
    if (this.settling.push(callId, ok, text) === 3) process.nextTick(this.enterSettles);
  }

  private readonly enterSettles = (): void => {
    const answers = this.settling;
    this.settling = [];
    const settle = this.settleRef;
    if (this.closed || !settle || answers.length === 0) return;
    // The script resumes inside this apply, so `timeout` also bounds the stretch of code after an `await`,
    // and the run holds its CPU turn for exactly that stretch.
    this.turn
      .enter(() => settle.apply(undefined, answers, { timeout: this.limits.cpuTimeMs }))
      .catch((error: unknown) => {
        if (!this.closed) this.onFatal(error);
      });
  };
}
