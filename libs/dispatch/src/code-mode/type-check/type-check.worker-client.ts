import { extname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { CheckRequest, CheckVerdict, VerdictMessage } from './type-check.protocol';

/** Bounds of the type-check worker. */
export interface TypeCheckWorkerLimits {
  /** A check that takes longer cannot be judged: the script runs as if unchecked, and the worker is replaced. */
  readonly timeoutMs: number;
  /** The worker's heap; past it the worker dies and the checks in flight cannot be judged. */
  readonly maxHeapMb: number;
}

interface Pending {
  readonly resolve: (verdict: CheckVerdict | undefined) => void;
  readonly timer: NodeJS.Timeout;
}

/**
 * The worker thread that holds the warm checker, started on first need. A check answers its verdict, or
 * `undefined` when it cannot be judged (timed out, the worker failed): a pathological script never stalls
 * the checks after it, the worker is terminated and the next check starts a fresh one.
 */
export class TypeCheckWorkerClient {
  private worker?: Worker;
  private nextId = 0;
  private readonly pending = new Map<number, Pending>();

  constructor(private readonly limits: TypeCheckWorkerLimits) {}

  check(request: CheckRequest): Promise<CheckVerdict | undefined> {
    const worker = this.started();
    const id = ++this.nextId;
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.replace(), this.limits.timeoutMs);
      timer.unref();
      this.pending.set(id, { resolve, timer });
      // Held while a check is pending (a bench or CLI waiting on it has nothing else to keep it alive), not idle.
      worker.ref();
      worker.postMessage({ id, request });
    });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.replace();
    await worker?.terminate();
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const worker = startWorker(this.limits.maxHeapMb);
    worker.on('message', (message: VerdictMessage) => this.settle(message.id, message.verdict));
    worker.on('error', () => this.worker === worker && this.replace());
    worker.on('exit', () => this.worker === worker && this.replace());
    worker.unref();
    this.worker = worker;
    return worker;
  }

  private settle(id: number, verdict: CheckVerdict | undefined): void {
    const pending = this.pending.get(id);
    if (!pending) return;
    this.pending.delete(id);
    clearTimeout(pending.timer);
    if (this.pending.size === 0) this.worker?.unref();
    pending.resolve(verdict);
  }

  /** Every check in flight cannot be judged; the worker goes, a fresh one starts on the next check. */
  private replace(): void {
    const worker = this.worker;
    this.worker = undefined;
    for (const id of [...this.pending.keys()]) this.settle(id, undefined);
    void worker?.terminate();
  }
}

/** The worker in the form the server runs: compiled JavaScript, or (under jest) TypeScript through the sandbox's loader. */
function startWorker(maxHeapMb: number): Worker {
  const resourceLimits = { maxOldGenerationSizeMb: maxHeapMb };
  const entry = join(__dirname, `type-check.worker${extname(__filename)}`);
  if (extname(__filename) !== '.ts') return new Worker(entry, { resourceLimits });
  const loader = join(__dirname, '..', '..', '..', '..', 'sandbox', 'src', 'process-host', 'ts-register.js');
  const source = `require(${JSON.stringify(loader)}); require(${JSON.stringify(entry)});`;
  return new Worker(source, { eval: true, resourceLimits });
}
