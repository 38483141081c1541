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
 * Bounds concurrent runs (each occupies an isolate thread) with a bounded FIFO queue. A full queue refuses
 * at once with `SandboxQueueFullError`; an aborted waiter leaves the queue with `SandboxCancelledError`, and
 * one that waited `maxWaitMs` with `SandboxQueueTimeoutError`.
 */
export class RunSemaphore {
  private running = 0;
  private readonly waiting: Waiter[] = [];

  constructor(
    private readonly maxConcurrent: number,
    private readonly maxQueue: number,
  ) {}

  get stats(): { running: number; queued: number } {
    return { running: this.running, queued: this.waiting.length };
  }

  /** @param maxWaitMs how long the run may wait for a slot (its wall-clock limit); absent: no bound. */
  acquire(signal?: AbortSignal, maxWaitMs?: number): Promise<ReleaseSlot> {
    if (signal?.aborted) return Promise.reject(new SandboxCancelledError(false));
    if (this.running < this.maxConcurrent) {
      this.running++;
      return Promise.resolve(this.releaser());
    }
    if (this.waiting.length >= this.maxQueue) {
      return Promise.reject(new SandboxQueueFullError(this.running, this.maxQueue));
    }
    return this.enqueue(signal, maxWaitMs);
  }

  /** Refuses every queued waiter (shutdown); running slots are left to finish. */
  refuseQueued(error: Error): void {
    for (const waiter of this.waiting.splice(0)) waiter.refuse(error);
  }

  private enqueue(signal?: AbortSignal, maxWaitMs?: number): Promise<ReleaseSlot> {
    return new Promise<ReleaseSlot>((resolve, reject) => {
      const leave = (error: Error) => {
        const index = this.waiting.indexOf(waiter);
        if (index >= 0) this.waiting.splice(index, 1);
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
      this.waiting.push(waiter);
    });
  }

  private releaser(): ReleaseSlot {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      // The slot passes straight to the next waiter, so `running` stays the same.
      if (next) next.grant(this.releaser());
      else this.running--;
    };
  }
}
