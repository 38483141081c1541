import { availableParallelism } from 'node:os';
import { EXECUTE_GUARD_OPTION_TABLE } from '../execute/execute-guard.defaults';
import { FairCheckQueue } from './type-check.fair-queue';
import type { CheckRequest } from './type-check.protocol';
import { type CheckAnswer, TypeCheckWorkerClient, WORKER_START_LIMIT_MS } from './type-check.worker-client';

/** Bounds of the type checker's workers and of the checks waiting for them. */
export interface TypeCheckLimits {
  /** A check's time, from when a worker starts it; past it the check is unjudged and its worker replaced. */
  readonly timeoutMs: number;
  /** Each worker's heap; past it the worker dies and its check is unjudged. */
  readonly maxHeapMb: number;
  /** Checks at once; 0: min(2, the machine's cores). */
  readonly workers?: number;
  /** Checks waiting for a worker, all principals together; past it a check is refused (`busy`). */
  readonly maxQueue?: number;
  /** Checks one principal may have waiting; past it its check is refused (`busy`). */
  readonly maxQueuePerClient?: number;
  /** How long a check may wait for a worker before it is refused (`busy`). */
  readonly maxWaitMs?: number;
}

/** The bounds a pool applies when `TypeCheckLimits` leaves them out: the execute options' defaults. */
export const POOL_DEFAULTS = {
  workers: EXECUTE_GUARD_OPTION_TABLE.typeCheckWorkers.default,
  maxQueue: EXECUTE_GUARD_OPTION_TABLE.typeCheckQueue.default,
  maxQueuePerClient: EXECUTE_GUARD_OPTION_TABLE.typeCheckQueuePerClient.default,
  maxWaitMs: 10_000,
} as const;

/** A failed start is retried after this long, so a worker that cannot start does not spin a core. */
const RESTART_DELAY_MS = 1_000;

interface Job {
  readonly request: CheckRequest;
  readonly resolve: (answer: CheckAnswer) => void;
  timer?: NodeJS.Timeout;
  unwatch?: () => void;
}

/**
 * The type-check workers, shared fairly by principal (see {@link FairCheckQueue}). Workers are started and warmed
 * at construction, off any request's path, and take checks only once warm. One more than `workers` is kept warm:
 * when a check runs out of time its worker process is killed, the spare takes its place at once, and a new spare
 * warms in the background, so a type bomb never makes the next check wait for a cold start.
 */
export class TypeCheckPool {
  private readonly queue: FairCheckQueue<Job>;
  private readonly idle: TypeCheckWorkerClient[] = [];
  private readonly size: number;
  private readonly limits: Required<TypeCheckLimits>;
  /** Settle when `size` workers are warm, and when the spare is too. */
  private readonly warmStages = [latch(), latch()];
  private warmed = 0;
  private running = 0;
  private readonly workers = new Set<TypeCheckWorkerClient>();
  private closed = false;

  constructor(limits: TypeCheckLimits) {
    this.limits = { ...POOL_DEFAULTS, ...definedOnly(limits) } as Required<TypeCheckLimits>;
    this.size = this.limits.workers > 0 ? this.limits.workers : Math.min(2, availableParallelism());
    const { maxQueue, maxQueuePerClient } = this.limits;
    this.queue = new FairCheckQueue({ maxWaiting: maxQueue, maxWaitingPerClient: maxQueuePerClient });
    for (let i = 0; i < this.size; i++) this.spawn();
  }

  /**
   * Settles once `workers` workers are warm (`withSpare`: and the spare): checks will not wait for a cold start.
   * At the latest after a worker's start limit: a boot does not hang on workers that cannot start (their checks
   * wait for them, then are refused as busy).
   */
  ready(withSpare = false): Promise<void> {
    return Promise.race([this.warmStages[withSpare ? 1 : 0].promise, delay(WORKER_START_LIMIT_MS)]);
  }

  /**
   * Checks `request` for `client` (its principal) and its `conversation` (default: the principal): waits its turn,
   * then a warm worker's verdict, or why none
   * (`busy` when it waited too long, the queue was full or `signal` aborted while it waited).
   */
  check(client: string, request: CheckRequest, signal?: AbortSignal, conversation?: string): Promise<CheckAnswer> {
    if (this.closed || signal?.aborted) return Promise.resolve({ unjudged: 'busy' });
    return new Promise((resolve) => {
      const job: Job = { request, resolve };
      if (!this.queue.push(client, job, conversation)) return resolve({ unjudged: 'busy' });
      // Out of the queue once it waited too long or its request was cancelled: nobody waits for its verdict.
      const giveUp = () => {
        if (!this.queue.remove(client, job)) return;
        this.unwatch(job);
        resolve({ unjudged: 'busy' });
      };
      job.timer = setTimeout(giveUp, this.limits.maxWaitMs);
      job.timer.unref();
      signal?.addEventListener('abort', giveUp, { once: true });
      job.unwatch = () => signal?.removeEventListener('abort', giveUp);
      this.pump();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.clear()) this.abandon(job);
    await Promise.all([...this.workers].map((worker) => worker.terminate()));
  }

  /**
   * Starts waiting checks while a warm worker is idle and fewer than `size` run. A suspect (its last check ran
   * out of time) never takes the last idle worker: each of its checks may cost a worker and a cold start, so it
   * gets workers only as fast as they are replaced, and the others' checks always find one.
   */
  private pump(): void {
    while (this.running < this.size && this.idle.length > 0) {
      const next = this.queue.next(this.idle.length > 1);
      if (!next) return;
      this.run(this.idle.pop() as TypeCheckWorkerClient, next.client, next.item);
    }
  }

  private run(worker: TypeCheckWorkerClient, client: string, job: Job): void {
    this.unwatch(job);
    this.running++;
    void worker.check(job.request, this.limits.timeoutMs).then((answer) => {
      this.running--;
      const failed = 'unjudged' in answer && answer.unjudged !== 'error';
      this.queue.done(client, failed);
      // A worker out of time or dead is gone (it reports its exit); the others keep serving.
      if (!failed) this.idle.push(worker);
      job.resolve(answer);
      this.pump();
    });
  }

  private spawn(): void {
    if (this.closed) return;
    let warm = false;
    const worker = new TypeCheckWorkerClient(this.limits.maxHeapMb, () => this.replace(worker, warm));
    this.workers.add(worker);
    worker.ready.then(
      () => {
        warm = true;
        this.idle.push(worker);
        // The spare starts once the others are warm: a boot does not warm more workers than the cores at once.
        this.warmed++;
        if (this.warmed === this.size) this.spawn();
        if (this.warmed >= this.size) this.warmStages[0].resolve();
        if (this.warmed > this.size) this.warmStages[1].resolve();
        this.pump();
      },
      () => void worker.terminate(),
    );
  }

  /** A worker is gone: another starts in the background (after a pause if this one never warmed). */
  private replace(worker: TypeCheckWorkerClient, wasWarm: boolean): void {
    this.workers.delete(worker);
    const at = this.idle.indexOf(worker);
    if (at >= 0) this.idle.splice(at, 1);
    if (this.closed) return;
    if (wasWarm) this.spawn();
    else setTimeout(() => this.spawn(), RESTART_DELAY_MS).unref();
  }

  /** The job no longer waits: neither its wait limit nor its request's cancellation concerns it. */
  private unwatch(job: Job): void {
    clearTimeout(job.timer);
    job.unwatch?.();
  }

  private abandon(job: Job): void {
    this.unwatch(job);
    job.resolve({ unjudged: 'busy' });
  }
}

/** Settles after `ms`, keeping nothing alive. */
function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}

/** A promise and the function that settles it. */
function latch(): { readonly promise: Promise<void>; readonly resolve: () => void } {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

/** The limits that are set: an explicit `undefined` keeps the default. */
function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as Partial<T>;
}
