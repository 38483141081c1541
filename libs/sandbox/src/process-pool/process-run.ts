import { BridgeCallScheduler } from '../engine/bridge-call.scheduler';
import { type BridgeRefusal, NO_JSON_TEXT, refusalOf } from '../engine/bridge-refusal';
import type { RunnerSettings } from '../engine/isolate-runner';
import { ArgumentSizeError } from '../errors/argument-size.error';
import { CallLimitError } from '../errors/call-limit.error';
import type { SandboxError } from '../errors/sandbox.error';
import { SandboxCancelledError } from '../errors/sandbox-cancelled.error';
import { SandboxInternalError } from '../errors/sandbox-internal.error';
import { SandboxTimeoutError } from '../errors/sandbox-timeout.error';
import { failedRun } from '../failed-run';
import type { SandboxRunRequest, SandboxRunResult } from '../interfaces/sandbox-run.interface';
import type { CallMessage, RunMessage, ToHostMessage } from '../process-host/host-protocol.interface';
import { SANDBOX_CALL_KINDS } from '../sandbox.constants';

/**
 * How recent an entry handed to the process (the run, an answer) must be for a crash to be charged to the
 * run although the process has not reported it `busy` (it reports after `BUSY_MARK_MS`).
 */
const SUSPECT_WINDOW_MS = 50;

/** The sandbox process a run is in, as the run sees it. */
export interface RunChannel {
  send(message: ToHostMessage): void;
  /** The process did not answer in time: it is stuck, so it goes (with every run still in it). */
  kill(reason: 'overdue'): void;
}

/**
 * The server's side of one run in a sandbox process: sends it, serves its `myko.*` calls with the request's
 * bridge, passes a cancel on, and settles once, with whichever comes first: the process's answer, the
 * process's death, or the server's own deadline (the wall clock plus a grace period, for a process that
 * no longer answers). Once settled, in-flight operations are aborted and no further call is served.
 */
export class ProcessRun {
  /**
   * Executing JavaScript for a while, as the sandbox process last said (`busy`/`calm`), or just handed an
   * entry (the run itself or an answer) that the process may not have reported yet: a crash of the process
   * now is charged to it.
   */
  busy = false;
  /** Failed because another run crashed its process (set by the process): retried if it wrote nothing. */
  collateral = false;
  /**
   * Executing when its process crashed, beside runs of other clients that were executing too: any of them may
   * have crashed it, so none is charged; each is retried apart from the others' clients (`crash-blame.ts`).
   */
  uncertain = false;
  private lastEntryAt = performance.now();
  /** Calls handed to the bridge. */
  private calls = 0;
  /** The `myko.command` calls handed to the bridge (`Name`): once one was, the run is never replayed. */
  private readonly commands: string[] = [];
  private settled = false;
  private timer: NodeJS.Timeout | undefined;
  private readonly started = performance.now();
  private readonly controller = new AbortController();
  private readonly scheduler = new BridgeCallScheduler();
  private resolve: (result: SandboxRunResult) => void = () => undefined;
  private readonly result = new Promise<SandboxRunResult>((resolve) => {
    this.resolve = resolve;
  });

  constructor(
    readonly runId: number,
    private readonly request: SandboxRunRequest,
    private readonly wallMs: number,
    private readonly limits: RunnerSettings,
    private readonly graceMs: number,
    private readonly channel: RunChannel,
    /** A heavy client's run (`heavyClientCpuPercent`): the sandbox process runs it at low priority. */
    readonly lowPriority = false,
  ) {}

  start(): Promise<SandboxRunResult> {
    const { signal } = this.request;
    if (signal?.aborted) {
      this.fail(new SandboxCancelledError(false));
      return this.result;
    }
    const { runId, wallMs, limits } = this;
    try {
      const message: RunMessage = { type: 'run', runId, code: this.request.code, wallMs, limits };
      if (this.lowPriority) message.lowPriority = true;
      if (this.request.reuseKey !== undefined) message.reuseKey = this.request.reuseKey;
      this.channel.send(message);
    } catch (error) {
      this.fail(new SandboxInternalError(error));
      return this.result;
    }
    this.timer = setTimeout(() => this.overdue(new SandboxTimeoutError(wallMs)), wallMs + this.graceMs);
    signal?.addEventListener('abort', this.onAbort, { once: true });
    return this.result;
  }

  /** A call the script made; the sandbox process has checked it, and it is checked again here. */
  onCall(message: CallMessage): void {
    if (this.settled || this.controller.signal.aborted || !Number.isSafeInteger(message.callId)) return;
    const { callId, kind, id, argsJson } = message;
    if (!SANDBOX_CALL_KINDS.includes(kind) || typeof id !== 'string' || typeof argsJson !== 'string') {
      this.answer(callId, refusalOf(new TypeError('Invalid myko call')));
    } else if (this.calls >= this.limits.maxCalls) {
      this.answer(callId, refusalOf(new CallLimitError(this.limits.maxCalls)));
    } else if (argsJson.length * 3 > this.limits.maxArgBytes && Buffer.byteLength(argsJson) > this.limits.maxArgBytes) {
      const size = Buffer.byteLength(argsJson);
      this.answer(
        callId,
        refusalOf(new ArgumentSizeError(`myko.${kind}('${id.slice(0, 100)}')`, size, this.limits.maxArgBytes)),
      );
    } else {
      this.calls++;
      if (kind === 'command') this.commands.push(id.slice(0, 100));
      this.forward(callId, message);
    }
  }

  /** Whether the run may have been executing when its process died (see `busy`). */
  get suspect(): boolean {
    return this.busy || performance.now() - this.lastEntryAt < SUSPECT_WINDOW_MS;
  }

  /** Who runs it (`SandboxRunRequest.client`): a crash is charged per client. */
  get client(): string | undefined {
    return this.request.client;
  }

  /**
   * Whether running it again elsewhere repeats nothing the world saw: the bridge says nothing it served
   * changed anything (`SandboxBridge.hasCommitted`), or, without that, no `myko.command` went out.
   */
  get replayable(): boolean {
    if (this.cancelled) return false;
    const { bridge } = this.request;
    return bridge.hasCommitted ? !bridge.hasCommitted() : this.commands.length === 0;
  }

  /** Its caller aborted it. */
  get cancelled(): boolean {
    return this.request.signal?.aborted === true;
  }

  /** The commands it sent, as `myko.command('Name')` (for the message of a run that cannot be replayed). */
  get commandsSent(): string[] {
    return this.commands.map((id) => `myko.command('${id}')`);
  }

  /** Wall-clock time it has left, in ms. */
  get remainingMs(): number {
    return this.wallMs - (performance.now() - this.started);
  }

  /** The sandbox process's answer. */
  onCpuBound(): void {
    this.request.onCpuBound?.();
  }

  onDone(result: SandboxRunResult): void {
    this.finish(isRunResult(result) ? result : this.failure(new SandboxInternalError(result)));
  }

  /** The sandbox process is gone. */
  fail(error: SandboxError): void {
    this.finish(this.failure(error));
  }

  private readonly onAbort = () => {
    if (this.settled) return;
    // No further operation starts, and those in flight are told at once, as in-process.
    this.controller.abort();
    this.channel.send({ type: 'cancel', runId: this.runId });
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.overdue(new SandboxCancelledError(true)), this.graceMs);
  };

  private forward(callId: number, { kind, id, argsJson }: CallMessage): void {
    const signal = this.controller.signal;
    this.scheduler.schedule(async () => {
      if (signal.aborted) return;
      try {
        const json: unknown = await this.request.bridge.call(kind, id, argsJson, signal);
        if (typeof json === 'string' || json === undefined) this.answer(callId, json ?? 'null');
        else this.answer(callId, NO_JSON_TEXT);
      } catch (error) {
        this.answer(callId, refusalOf(error));
      }
    });
  }

  private answer(callId: number, outcome: string | BridgeRefusal): void {
    if (this.settled) return;
    const runId = this.runId;
    this.lastEntryAt = performance.now();
    if (typeof outcome === 'string') this.channel.send({ type: 'answer', runId, callId, ok: true, json: outcome });
    else this.channel.send({ type: 'answer', runId, callId, ok: false, refusal: outcome });
  }

  private overdue(error: SandboxError): void {
    if (this.settled) return;
    this.fail(error);
    this.channel.kill('overdue');
  }

  private finish(result: SandboxRunResult): void {
    if (this.settled) return;
    this.settled = true;
    clearTimeout(this.timer);
    this.request.signal?.removeEventListener('abort', this.onAbort);
    this.controller.abort();
    this.scheduler.clear();
    this.resolve(result);
  }

  /** What the server knows of a run the process never answered for: no console, no CPU time. */
  private failure(error: SandboxError): SandboxRunResult {
    return failedRun(error, { wallMs: Math.round((performance.now() - this.started) * 100) / 100, calls: this.calls });
  }
}

/** The shape of a run result, checked before it is handed on (the process is not trusted blindly). */
function isRunResult(value: unknown): value is SandboxRunResult {
  const result = value as Partial<Record<string, unknown>> | null;
  if (typeof result !== 'object' || result === null) return false;
  const { console, stats } = result as { console?: { text?: unknown }; stats?: { wallMs?: unknown } };
  if (typeof console?.text !== 'string' || typeof stats?.wallMs !== 'number') return false;
  if (result.ok === true) return typeof result.resultJson === 'string';
  const error = result.error as { kind?: unknown; message?: unknown } | undefined;
  return result.ok === false && typeof error?.kind === 'string' && typeof error.message === 'string';
}
