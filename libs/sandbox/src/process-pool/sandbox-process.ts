import type { ChildProcess } from 'node:child_process';
import { SandboxCrashError } from '../errors/sandbox-crash.error';
import { SandboxStartError } from '../errors/sandbox-start.error';
import type { SandboxRunResult } from '../interfaces/sandbox-run.interface';
import type { BatchMessage, FromHostMessage, HostConfig, ToHostMessage } from '../process-host/host-protocol.interface';
import { MessageBatcher } from '../process-host/message-batcher';
import { failRunsOfEndedProcess } from './crash-blame';
import type { HostLaunch } from './host-launch';
import { type HostMessageTarget, routeHostMessage } from './host-message.router';
import { forkHostProcess } from './host-process.fork';
import { describeExit, endedProcessError, type KillReason, type ProcessExit } from './process-exit.mapper';
import type { HostReport, ProcessListener } from './process-listener.interface';
import { ProcessOutputTail } from './process-output.tail';
import type { ProcessRun, RunChannel } from './process-run';

/**
 * One sandbox process, seen from the server: forked with an IPC channel, no environment (no secrets) and
 * no terminal, unref'd so that it never keeps the server alive (it ends with the channel). Routes the
 * process's messages to its runs; when it dies, every run still in it fails at once. It owns its state: the
 * pool reads it and changes it only through `reserve()`, `beginRetiring()` and `kill()`.
 */
export class SandboxProcess implements RunChannel {
  readonly ready: Promise<void>;
  readonly exited: Promise<ProcessExit>;
  private readonly runs = new Map<number, ProcessRun>();
  private readonly state = {
    ready: false,
    wasReady: false,
    retiring: false,
    killedFor: undefined as KillReason | undefined,
    /** Runs assigned to it that have not reached `execute()` yet (so that concurrent picks spread out). */
    reserved: 0,
    reservedAt: 0,
    exit: undefined as ProcessExit | undefined,
  };
  /** What the process last reported of itself (its `ready`, `done` and `isolates` messages). */
  private readonly reported: HostReport = { liveIsolates: 0, rssMb: 0, executing: 0, peakExecuting: 0 };
  private readonly output: ProcessOutputTail;
  private readonly child: ChildProcess;
  private readonly channel = new MessageBatcher<ToHostMessage>((message) => {
    if (this.child.connected) this.child.send(message, () => undefined);
  });
  private markReady: () => void = () => undefined;
  private refuseReady: (error: Error) => void = () => undefined;
  private markExited: (exit: ProcessExit) => void = () => undefined;

  constructor(
    launch: HostLaunch,
    config: HostConfig,
    startTimeoutMs: number,
    private readonly listener: ProcessListener<SandboxProcess>,
  ) {
    this.ready = new Promise<void>((resolve, reject) => {
      this.markReady = resolve;
      this.refuseReady = reject;
    });
    this.ready.catch(() => undefined);
    this.exited = new Promise((resolve) => {
      this.markExited = resolve;
    });
    this.child = forkHostProcess(launch, config);
    this.output = new ProcessOutputTail([this.child.stdout, this.child.stderr]);
    this.listen(startTimeoutMs);
  }

  get pid(): number {
    return this.child.pid ?? 0;
  }

  /** The last lines the process wrote (V8's fatal-error report, typically). */
  get lastOutput(): string {
    return this.output.text;
  }

  /** Reported ready and not ended since. */
  get isReady(): boolean {
    return this.state.ready;
  }

  /** Reported ready at some point (a process that never did failed to start; it did not crash). */
  get wasReady(): boolean {
    return this.state.wasReady;
  }

  /** Out of service: it takes no new runs and is killed once idle. */
  get retiring(): boolean {
    return this.state.retiring;
  }

  /** Why the server killed it, if it did. */
  get killedFor(): KillReason | undefined {
    return this.state.killedFor;
  }

  /** How it ended, once it has. */
  get exit(): ProcessExit | undefined {
    return this.state.exit;
  }

  /** Runs in it now. */
  get running(): number {
    return this.runs.size;
  }

  /** Whether runs of heavy clients are in it now, at low priority. */
  get hasLowPriorityRuns(): boolean {
    for (const run of this.runs.values()) if (run.lowPriority) return true;
    return false;
  }

  /** Runs in it, and runs on their way to it. */
  get load(): number {
    return this.runs.size + this.state.reserved;
  }

  /** When the pool last reserved it (a sequence number). */
  get reservedAt(): number {
    return this.state.reservedAt;
  }

  /** What it last reported of itself. */
  get report(): Readonly<HostReport> {
    return this.reported;
  }

  /** Reserves it for one run, which must then go to `execute()`; `at` orders the pool's picks. */
  reserve(at: number): void {
    this.state.reserved++;
    this.state.reservedAt = at;
  }

  /** Puts it out of service; false if it already was. */
  beginRetiring(): boolean {
    if (this.state.retiring) return false;
    this.state.retiring = true;
    return true;
  }

  /** Whether it ended because the server meant it to (shutdown, retirement), not by a crash. */
  get endedAsPlanned(): boolean {
    const { killedFor, retiring, exit } = this.state;
    return killedFor === 'closing' || killedFor === 'retired' || (retiring && exit?.signal === 'SIGKILL');
  }

  /** Runs a run reserved by `reserve()` (the pool's pick). */
  async execute(run: ProcessRun): Promise<SandboxRunResult> {
    this.state.reserved = Math.max(this.state.reserved - 1, 0);
    this.runs.set(run.runId, run);
    try {
      const result = run.start();
      // It died between the pick and now: its exit has already failed every run it knew of, and this one
      // never ran in it (not its fault; replayable).
      if (this.state.exit) {
        run.collateral = true;
        run.fail(new SandboxCrashError('internal', 'its sandbox process ended before the run could start'));
      }
      return await result;
    } finally {
      this.runs.delete(run.runId);
      this.listener.onRunEnded(this);
    }
  }

  /** Answers to a run's calls that are ready together cross together; anything else goes at once, after them. */
  send(message: ToHostMessage): void {
    if (message.type === 'answer') this.channel.send(message);
    else this.channel.sendNow(message);
  }

  kill(reason: KillReason): void {
    this.state.killedFor ??= reason;
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGKILL');
  }

  private listen(startTimeoutMs: number): void {
    const child = this.child;
    const startTimer = setTimeout(() => {
      this.refuseReady(new SandboxStartError(`it did not report ready within ${startTimeoutMs} ms`, this.lastOutput));
      this.kill('start-timeout');
    }, startTimeoutMs);
    this.ready.then(
      () => {
        clearTimeout(startTimer);
        this.state.ready = true;
        this.state.wasReady = true;
      },
      () => clearTimeout(startTimer),
    );
    const target: HostMessageTarget<SandboxProcess> = {
      proc: this,
      runs: this.runs,
      report: this.reported,
      listener: this.listener,
      markReady: () => this.markReady(),
    };
    child.on('message', (message: FromHostMessage | BatchMessage<FromHostMessage>) =>
      routeHostMessage(message, target),
    );
    child.once('error', (error) => {
      this.output.note(error.message);
      if (child.pid === undefined) this.ended({ code: null, signal: null });
    });
    child.once('close', (code, signal) => this.ended({ code, signal }));
  }

  private ended(exit: ProcessExit): void {
    if (this.state.exit) return;
    this.state.exit = exit;
    this.channel.clear();
    if (!this.state.ready) {
      this.refuseReady(new SandboxStartError(`${describeExit(exit)} before reporting ready`, this.lastOutput));
    }
    this.state.ready = false;
    failRunsOfEndedProcess([...this.runs.values()], endedProcessError(exit, this.state.killedFor));
    this.reported.liveIsolates = 0;
    this.markExited(exit);
    this.listener.onExit(this, exit);
  }
}
