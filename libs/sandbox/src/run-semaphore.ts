import { SandboxCancelledError } from './errors/sandbox-cancelled.error';
import { SandboxQueueFullError } from './errors/sandbox-queue-full.error';
import { SandboxQueueTimeoutError } from './errors/sandbox-queue-timeout.error';

/** Frees the slot; calling it more than once is harmless. */
export type ReleaseSlot = () => void;

interface Waiter {
  grant(release: ReleaseSlot): void;
  refuse(error: Error): void;
}

/**
 * Bounds concurrent runs with a bounded queue, first come first served within two priorities: a
 * low-priority waiter (a heavy client's run, `heavyClientCpuPercent`) gets a freed slot only when no normal
 * one waits. Work-conserving: nobody waits while a slot is free, so a heavy client alone gets every slot. A
 * full queue refuses at once with `SandboxQueueFullError`; an aborted waiter leaves the queue with
 * `SandboxCancelledError`, and one that waited `maxWaitMs` with `SandboxQueueTimeoutError`.
 */
export class RunSemaphore {
  private running = 0;
  private readonly normal: Waiter[] = [];
  private readonly low: Waiter[] = [];

  constructor(
    private readonly maxConcurrent: number,
    private readonly maxQueue: number,
  ) {}

  get stats(): { running: number; queued: number } {
    return { running: this.running, queued: this.normal.length + this.low.length };
  }

  /**
   * @param maxWaitMs how long the run may wait for a slot (its wall-clock limit); absent: no bound.
   * @param lowPriority waits behind every normal waiter, even later ones.
   */
  acquire(signal?: AbortSignal, maxWaitMs?: number, lowPriority = false): Promise<ReleaseSlot> {
    if (signal?.aborted) return Promise.reject(new SandboxCancelledError(false));
    if (this.running < this.maxConcurrent) {
      this.running++;
      return Promise.resolve(this.releaser());
    }
    if (this.stats.queued >= this.maxQueue) {
      return Promise.reject(new SandboxQueueFullError(this.running, this.maxQueue));
    }
    return this.enqueue(lowPriority ? this.low : this.normal, signal, maxWaitMs);
  }

  /** Refuses every queued waiter (shutdown); running slots are left to finish. */
  refuseQueued(error: Error): void {
    for (const waiter of [...this.normal.splice(0), ...this.low.splice(0)]) waiter.refuse(error);
  }

  private enqueue(queue: Waiter[], signal?: AbortSignal, maxWaitMs?: number): Promise<ReleaseSlot> {
    return new Promise<ReleaseSlot>((resolve, reject) => {
      const leave = (error: Error) => {
        const index = queue.indexOf(waiter);
        if (index >= 0) queue.splice(index, 1);
        waiter.refuse(error);
      };
      const onAbort = () => leave(new SandboxCancelledError(false));
      const timer =
        maxWaitMs === undefined
          ? undefined
          : setTimeout(() => leave(new SandboxQueueTimeoutError(maxWaitMs)), maxWaitMs);
      const settle = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
      };
      const waiter: Waiter = {
        grant: (release) => {
          settle();
          resolve(release);
        },
        refuse: (error) => {
          settle();
          reject(error);
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      queue.push(waiter);
    });
  }

  private releaser(): ReleaseSlot {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.normal.shift() ?? this.low.shift();
      // The slot passes straight to the next waiter, so `running` stays the same.
      if (next) next.grant(this.releaser());
      else this.running--;
    };
  }
}
