import { type ChildProcess, fork } from 'node:child_process';
import type { Socket } from 'node:net';
import type { SandboxError } from '../errors/sandbox.error';
import { SandboxCancelledError } from '../errors/sandbox-cancelled.error';
import { SandboxCrashError } from '../errors/sandbox-crash.error';
import { SandboxStartError } from '../errors/sandbox-start.error';
import type { SandboxRunResult } from '../interfaces/sandbox-run.interface';
import type { FromHostMessage, HostConfig, ToHostMessage } from '../process-host/host-protocol.interface';
import { failRunsOfEndedProcess } from './crash-blame';
import type { HostLaunch } from './host-launch';
import type { ProcessRun, RunChannel } from './process-run';

/** How a sandbox process ended. */
export interface ProcessExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** Why the server killed a sandbox process (an exit without a reason is a crash). */
export type KillReason = 'overdue' | 'retired' | 'closing' | 'start-timeout';

export interface ProcessListener {
  onCatastrophe(process: SandboxProcess, message: string): void;
  onLog(process: SandboxProcess, message: string, level: 'warn' | 'error'): void;
  onRetireRequest(process: SandboxProcess, reason: string): void;
  onRunEnded(process: SandboxProcess): void;
  onExit(process: SandboxProcess, exit: ProcessExit): void;
}

/** Signals of V8 giving up: a fatal error (SIGTRAP, SIGILL), an abort (heap limit), or a crash. */
const V8_FATAL_SIGNALS: ReadonlySet<string> = new Set(['SIGABRT', 'SIGTRAP', 'SIGILL', 'SIGSEGV', 'SIGBUS']);

/** Linux only: elsewhere a new session buys nothing (and on Windows would open a console). */
const SEPARATE_SESSION = process.platform === 'linux';

/** How much of the process's stdout/stderr is kept for the log when it dies. */
const OUTPUT_TAIL_CHARS = 4_000;

/**
 * One sandbox process, seen from the server: forked with an IPC channel, no environment (no secrets) and
 * no terminal, unref'd so that it never keeps the server alive (it ends with the channel). Routes the
 * process's messages to its runs; when it dies, every run still in it fails at once.
 */
export class SandboxProcess implements RunChannel {
  readonly runs = new Map<number, ProcessRun>();
  readonly ready: Promise<void>;
  readonly exited: Promise<ProcessExit>;
  isReady = false;
  /** Reported ready at some point (a process that never did failed to start; it did not crash). */
  wasReady = false;
  retiring = false;
  killedFor: KillReason | undefined;
  liveIsolates = 0;
  rssMb = 0;
  executing = 0;
  peakExecuting = 0;
  /** Runs assigned to it that have not reached `execute()` yet (so that concurrent picks spread out). */
  reserved = 0;
  /** When the pool last reserved it (a sequence number): ties between equally loaded processes rotate. */
  reservedAt = 0;
  /** How it ended, once it has. */
  exit: ProcessExit | undefined;
  private output = '';
  private readonly child: ChildProcess;
  private markReady: () => void = () => undefined;
  private refuseReady: (error: Error) => void = () => undefined;
  private markExited: (exit: ProcessExit) => void = () => undefined;

  constructor(
    launch: HostLaunch,
    config: HostConfig,
    startTimeoutMs: number,
    private readonly listener: ProcessListener,
  ) {
    this.ready = new Promise<void>((resolve, reject) => {
      this.markReady = resolve;
      this.refuseReady = reject;
    });
    this.ready.catch(() => undefined);
    this.exited = new Promise((resolve) => {
      this.markExited = resolve;
    });
    this.child = fork(launch.modulePath, [JSON.stringify(config)], {
      execArgv: launch.execArgv,
      env: {},
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      serialization: 'json',
      // Its own session, hence (Linux autogroup) its own scheduling group: a script spinning in it keeps
      // only this group busy, and the server's group still wins the cores when a request comes in.
      detached: SEPARATE_SESSION,
    });
    this.listen(startTimeoutMs);
  }

  get pid(): number {
    return this.child.pid ?? 0;
  }

  /** The last lines the process wrote (V8's fatal-error report, typically). */
  get lastOutput(): string {
    return this.output.trim();
  }

  /** Runs in it, and runs on their way to it. */
  get load(): number {
    return this.runs.size + this.reserved;
  }

  /** Runs a run reserved by `reserved++` (the pool's pick). */
  async execute(run: ProcessRun): Promise<SandboxRunResult> {
    this.reserved = Math.max(this.reserved - 1, 0);
    this.runs.set(run.runId, run);
    try {
      const result = run.start();
      // It died between the pick and now: its exit has already failed every run it knew of, and this one
      // never ran in it (not its fault; replayable).
      if (this.exit) {
        run.collateral = true;
        run.fail(new SandboxCrashError('internal', 'its sandbox process ended before the run could start'));
      }
      return await result;
    } finally {
      this.runs.delete(run.runId);
      this.listener.onRunEnded(this);
    }
  }

  send(message: ToHostMessage): void {
    if (this.child.connected) this.child.send(message, () => undefined);
  }

  kill(reason: KillReason): void {
    this.killedFor ??= reason;
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGKILL');
  }

  private listen(startTimeoutMs: number): void {
    const child = this.child;
    for (const stream of [child.stdout, child.stderr]) {
      stream?.setEncoding('utf8');
      stream?.on('data', (text: string) => {
        this.output = (this.output + text).slice(-OUTPUT_TAIL_CHARS);
      });
      (stream as Socket | null)?.unref();
    }
    child.unref();
    child.channel?.unref();
    const startTimer = setTimeout(() => {
      this.refuseReady(new SandboxStartError(`it did not report ready within ${startTimeoutMs} ms`, this.lastOutput));
      this.kill('start-timeout');
    }, startTimeoutMs);
    this.ready.then(
      () => {
        clearTimeout(startTimer);
        this.isReady = true;
        this.wasReady = true;
      },
      () => clearTimeout(startTimer),
    );
    child.on('message', (message: FromHostMessage) => this.receive(message));
    child.once('error', (error) => {
      this.output += `\n${error.message}`;
      if (child.pid === undefined) this.ended({ code: null, signal: null });
    });
    child.once('close', (code, signal) => this.ended({ code, signal }));
  }

  private receive(message: FromHostMessage): void {
    switch (message?.type) {
      case 'ready':
        this.liveIsolates = message.liveIsolates;
        this.markReady();
        break;
      case 'call':
        this.runs.get(message.runId)?.onCall(message);
        break;
      case 'done':
        this.liveIsolates = message.liveIsolates;
        this.rssMb = message.rssMb;
        this.executing = message.executing;
        this.peakExecuting = Math.max(this.peakExecuting, message.peakExecuting);
        this.runs.get(message.runId)?.onDone(message.result);
        break;
      case 'isolates':
        this.liveIsolates = message.liveIsolates;
        break;
      case 'catastrophe':
        this.listener.onCatastrophe(this, String(message.message));
        break;
      case 'log':
        this.listener.onLog(this, String(message.message), message.level === 'warn' ? 'warn' : 'error');
        break;
      case 'busy':
      case 'calm': {
        const run = this.runs.get(message.runId);
        if (run) run.busy = message.type === 'busy';
        break;
      }
      case 'cpu-bound':
        this.runs.get(message.runId)?.onCpuBound();
        break;
      case 'retire':
        this.listener.onRetireRequest(this, String(message.reason));
        break;
    }
  }

  private ended(exit: ProcessExit): void {
    if (this.exit) return;
    this.exit = exit;
    if (!this.isReady) {
      const how = exit.signal ? `it was ended by ${exit.signal}` : `it exited with code ${exit.code}`;
      this.refuseReady(new SandboxStartError(`${how} before reporting ready`, this.lastOutput));
    }
    this.isReady = false;
    failRunsOfEndedProcess([...this.runs.values()], this.crashError(exit));
    this.liveIsolates = 0;
    this.markExited(exit);
    this.listener.onExit(this, exit);
  }

  /** What the runs still in the process are told. */
  private crashError(exit: ProcessExit): SandboxError {
    switch (this.killedFor) {
      case 'closing':
        return new SandboxCancelledError(true);
      case 'overdue':
        return new SandboxCrashError(
          'internal',
          'a script beside it could not be stopped, so the process was replaced',
        );
      case 'retired':
      case 'start-timeout':
        return new SandboxCrashError('internal', 'the process was replaced');
    }
    if (exit.signal && V8_FATAL_SIGNALS.has(exit.signal)) {
      return new SandboxCrashError(
        'memory',
        `V8 gave up with ${exit.signal}, typically on a string or array too large`,
      );
    }
    if (exit.signal === 'SIGKILL') {
      return new SandboxCrashError(
        'memory',
        'the process was killed, most likely by the system for using too much memory',
      );
    }
    const how = exit.signal ? `it was ended by ${exit.signal}` : `it exited with code ${exit.code}`;
    return new SandboxCrashError('internal', how);
  }
}
