import type { SandboxError } from '../errors/sandbox.error';
import { SandboxCancelledError } from '../errors/sandbox-cancelled.error';
import { SandboxUnavailableError } from '../errors/sandbox-unavailable.error';
import type { SandboxProcess } from './sandbox-process';

interface Waiter {
  resolve(proc: SandboxProcess): void;
  reject(error: SandboxError): void;
}

/** Runs waiting for a sandbox process to become ready (while one starts), each bounded by a timeout and its signal. */
export class ReadyWaiters {
  private readonly waiters = new Set<Waiter>();

  wait(timeoutMs: number, signal?: AbortSignal): Promise<SandboxProcess> {
    return new Promise<SandboxProcess>((resolve, reject) => {
      const timer = setTimeout(
        () => settle(() => reject(new SandboxUnavailableError('no sandbox process became ready in time'))),
        timeoutMs,
      );
      const onAbort = () => settle(() => reject(new SandboxCancelledError(false)));
      const settle = (then: () => void) => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        this.waiters.delete(waiter);
        then();
      };
      const waiter: Waiter = {
        resolve: (proc) => settle(() => resolve(proc)),
        reject: (error) => settle(() => reject(error)),
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiters.add(waiter);
    });
  }

  /** Hands each waiter a process chosen (and reserved) by `pick`. */
  resolveAll(pick: () => SandboxProcess): void {
    for (const waiter of [...this.waiters]) waiter.resolve(pick());
  }

  rejectAll(error: SandboxError): void {
    for (const waiter of [...this.waiters]) waiter.reject(error);
  }
}
