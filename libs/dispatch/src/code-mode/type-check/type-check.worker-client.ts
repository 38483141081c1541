import type { ChildProcess } from 'node:child_process';
import { readProcessCpuMs } from './process-cpu.reader';
import { forkCheckerProcess } from './type-check.process-launch';
import type { CheckRequest, CheckVerdict, VerdictMessage } from './type-check.protocol';

/**
 * Why a check has no verdict: `timeout` (it ran out of its time), `crash` (the worker process died checking it,
 * e.g. out of its heap), `error` (the checker threw), `busy` (no worker took it in time, or the queue was full).
 * The first two are the script's own doing; the others are not.
 */
export type UnjudgedCheck = 'timeout' | 'crash' | 'error' | 'busy';

/** A worker's answer to one check: its verdict, or why there is none. */
export type CheckAnswer = { readonly verdict: CheckVerdict } | { readonly unjudged: UnjudgedCheck };

/**
 * The check that warms a worker: parses and binds the lib, and runs the checker over arrays, callbacks and
 * property reads (its first program is several times slower than the next), before any real check comes.
 */
const WARM_UP: CheckRequest = {
  code: "const rows = [{ sku: 'a', n: 1 }];\nreturn rows.filter((r) => r.n > 0).map((r) => r.sku.toUpperCase());",
  declarations: 'declare const myko: { query(id: string): Promise<{ sku: string }[]> };',
};

/**
 * How long a worker may take to start and warm. Far above a check's limit on purpose: a cold start on a loaded
 * machine takes seconds, and it is nobody's check; a worker that does not warm in this time is replaced.
 */
export const WORKER_START_LIMIT_MS = 60_000;

/**
 * A check's limit is CPU time, the worker's own; wall-clock time stops it only at this multiple of the limit.
 * On a loaded machine an honest check waits for a core, and that wait must not count against it (a type bomb
 * spends CPU, so it still stops at its limit).
 */
export const WALL_CLOCK_BACKSTOP = 5;

interface InFlight {
  readonly id: number;
  readonly resolve: (answer: CheckAnswer) => void;
  timer: NodeJS.Timeout;
}

/**
 * One type-check worker: a child process (a thread out of its heap can abort the whole server, nodejs/node#47224;
 * a process dies alone), warmed as it starts (`ready`), taking one check at a time. A check's time limit is the
 * CPU time the worker spends on it (wall-clock only as a backstop), counted from when the worker starts it. A check out of time kills the process (a type
 * bomb cannot be interrupted otherwise); `onExit` tells the owner it is gone.
 */
export class TypeCheckWorkerClient {
  /** Settles when the worker is warm (it may take checks), or rejects when it died or did not warm in time. */
  readonly ready: Promise<void>;
  private readonly child: ChildProcess;
  private readonly exit: Promise<void>;
  private nextId = 0;
  private inFlight?: InFlight;
  private exited = false;

  constructor(maxHeapMb: number, onExit: () => void) {
    this.child = forkCheckerProcess(maxHeapMb);
    this.child.on('message', (message: VerdictMessage) => this.settle(message));
    this.child.on('error', () => this.kill());
    this.exit = new Promise((resolve) =>
      this.child.once('exit', () => {
        this.exited = true;
        this.finish(this.inFlight?.id, { unjudged: 'crash' });
        onExit();
        resolve();
      }),
    );
    this.ready = this.check(WARM_UP, WORKER_START_LIMIT_MS).then((answer) => {
      if (!('verdict' in answer)) throw new Error(`type-check worker did not start (${answer.unjudged})`);
    });
    // Nobody may be waiting on it yet: a failed start is the owner's to see through `onExit`.
    this.ready.catch(() => undefined);
  }

  /** The worker process's id (undefined if it could not be started). */
  get pid(): number | undefined {
    return this.child.pid;
  }

  /** Checks `request`; the worker must be ready and idle. Past `timeoutMs` the worker is killed. */
  check(request: CheckRequest, timeoutMs: number): Promise<CheckAnswer> {
    if (this.exited) return Promise.resolve({ unjudged: 'crash' });
    const id = ++this.nextId;
    const startedAt = performance.now();
    const startCpu = readProcessCpuMs(this.child.pid);
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.timeOut(id, timeoutMs, startedAt, startCpu), timeoutMs);
      this.inFlight = { id, resolve, timer };
      // Held while a check is in flight (a bench or CLI waiting on it has nothing else to keep it alive), not idle.
      this.hold(true);
      // A channel already closed: the process is exiting, and its exit answers the check.
      this.child.send({ id, request }, () => undefined);
    });
  }

  /** Kills the process; settles once it has exited. */
  terminate(): Promise<void> {
    // Held until its exit is seen: a caller awaiting this (a server shutting down) has nothing else holding it.
    if (!this.exited) this.child.ref();
    this.kill();
    return this.exit;
  }

  private settle(message: VerdictMessage): void {
    this.finish(message.id, message.verdict ? { verdict: message.verdict } : { unjudged: 'error' });
  }

  /** At the limit in wall-clock time: out of time if the check used its CPU, else waits for what is left. */
  private timeOut(id: number, limitMs: number, startedAt: number, startCpu: number | undefined): void {
    const inFlight = this.inFlight;
    if (!inFlight || inFlight.id !== id) return;
    const cpuNow = readProcessCpuMs(this.child.pid);
    const used = startCpu === undefined || cpuNow === undefined ? limitMs : cpuNow - startCpu;
    const wallLeft = limitMs * WALL_CLOCK_BACKSTOP - (performance.now() - startedAt);
    if (used < limitMs && wallLeft > 0) {
      const wait = Math.min(Math.max(limitMs - used, 20), wallLeft);
      inFlight.timer = setTimeout(() => this.timeOut(id, limitMs, startedAt, startCpu), wait);
      return;
    }
    this.finish(id, { unjudged: 'timeout' });
    this.kill();
  }

  private kill(): void {
    if (!this.exited) this.child.kill('SIGKILL');
  }

  private finish(id: number | undefined, answer: CheckAnswer): void {
    const inFlight = this.inFlight;
    if (!inFlight || inFlight.id !== id) return;
    this.inFlight = undefined;
    clearTimeout(inFlight.timer);
    this.hold(false);
    inFlight.resolve(answer);
  }

  /** Whether the process and its channel keep the server's event loop alive. */
  private hold(held: boolean): void {
    if (held) {
      this.child.ref();
      this.child.channel?.ref();
    } else {
      this.child.unref();
      this.child.channel?.unref();
    }
  }
}
