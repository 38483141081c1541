import { CpuGate } from '../engine/cpu-gate';
import { IsolatePool } from '../engine/isolate.pool';
import { IsolateRunner } from '../engine/isolate-runner';
import { SandboxInternalError } from '../errors/sandbox-internal.error';
import { failedRun } from '../failed-run';
import type { SandboxRunResult } from '../interfaces/sandbox-run.interface';
import type { BatchMessage, FromHostMessage, HostConfig, RunMessage, ToHostMessage } from './host-protocol.interface';
import { unbatch } from './message-batcher';
import { RemoteBridge } from './remote.bridge';
import { RunWatch } from './run-watch';

/** How the sandbox host talks to the server (the IPC channel, in `sandbox-host.main.ts`). */
export interface HostPort {
  send(message: FromHostMessage): void;
  /** Ends this process as soon as everything sent so far has been written. */
  exit(): void;
}

/**
 * With the automatic resident memory limit, how much a process may grow past its idle size per MB of
 * `memoryMb`: a few isolates' worth of heaps at their limit, before the hungriest run is stopped.
 */
const RSS_HEADROOM_PER_MEMORY_MB = 4;

interface HostedRun {
  controller: AbortController;
  bridge: RemoteBridge;
}

/**
 * The sandbox process's side: runs what the server sends, each run in a fresh isolate exactly as in-process
 * (`IsolateRunner`), with `myko.*` calls relayed to the server. This process is disposable: when V8 loses an
 * isolate it reports it, takes no more work it can avoid, and exits once its runs have finished.
 */
export class SandboxHost {
  private readonly runs = new Map<number, HostedRun>();
  private readonly pool: IsolatePool;
  /** Its isolates' CPU slots (`LowPriorityThreads` watches which runs execute). */
  readonly gate: CpuGate;
  private readonly watch: RunWatch;
  private retiring = false;

  constructor(
    config: HostConfig,
    private readonly port: HostPort,
  ) {
    this.pool = new IsolatePool({
      memoryMb: config.memoryMb,
      warmPool: config.warmPool,
      onCatastrophicError: (message) => this.catastrophe(message),
      onWarmupError: (error) => this.log('Could not pre-create an isolate', error),
    });
    this.gate = new CpuGate(Math.max(1, config.cpuSlots || 1));
    this.watch = new RunWatch(
      {
        busy: (runId) => this.port.send({ type: 'busy', runId }),
        calm: (runId) => this.port.send({ type: 'calm', runId }),
        log: (message) => this.port.send({ type: 'log', message, level: 'warn' }),
        retire: (reason) => this.port.send({ type: 'retire', reason }),
      },
      config.rssLimitMb ?? 0,
      RSS_HEADROOM_PER_MEMORY_MB * config.memoryMb,
      config.memoryMb,
    );
  }

  ready(): void {
    this.port.send({ type: 'ready', liveIsolates: this.pool.live });
  }

  /** One message of the server, or a batch of them (handled in order, each on its own). */
  handle(message: ToHostMessage | BatchMessage<ToHostMessage>): void {
    for (const one of unbatch(message)) {
      try {
        this.handleOne(one);
      } catch (error) {
        this.log('Could not handle a message of the server', error);
      }
    }
  }

  private handleOne(message: ToHostMessage): void {
    switch (message?.type) {
      case 'run':
        void this.run(message);
        break;
      case 'cancel':
        this.runs.get(message.runId)?.controller.abort();
        break;
      case 'answer':
        this.runs.get(message.runId)?.bridge.answer(message);
        break;
    }
  }

  private async run({ runId, code, wallMs, limits, lowPriority, reuseKey }: RunMessage): Promise<void> {
    if (this.runs.has(runId)) return;
    const bridge = new RemoteBridge(runId, (call) => this.port.send(call));
    const hosted = { controller: new AbortController(), bridge };
    this.runs.set(runId, hosted);
    const onInternalError = (error: unknown) => this.log('Sandbox run failed internally', error);
    const runner = new IsolateRunner(this.pool, this.gate, limits, onInternalError, 'sandbox-process');
    let result: SandboxRunResult;
    try {
      const onCpuBound = () => this.port.send({ type: 'cpu-bound', runId });
      const request = { code, signal: hosted.controller.signal, bridge: hosted.bridge, onCpuBound, reuseKey };
      const run = runner.begin(request, wallMs, lowPriority === true);
      this.watch.add(runId, run);
      result = await run.execute();
    } catch (error) {
      this.log('Sandbox run threw', error);
      result = failedRun(new SandboxInternalError(error));
    } finally {
      this.watch.remove(runId);
      this.runs.delete(runId);
      hosted.bridge.close();
    }
    const rssMb = Math.round(process.memoryUsage.rss() / 2 ** 20);
    const { executing, peakExecuting } = this.gate.stats;
    const liveIsolates = this.pool.live;
    this.port.send({ type: 'done', runId, result, liveIsolates, rssMb, executing, peakExecuting });
    if (this.retiring && this.runs.size === 0) this.port.exit();
    // The pool's refill was scheduled (setImmediate) when the run released its isolate: this one runs after it.
    // While other runs are in, their `done` will carry the count: one message less per run under load. A run
    // whose isolate is kept for its conversation changes no count: nothing to send (a message and a wake-up of
    // the server less per run).
    else if (this.runs.size === 0) setImmediate(() => this.reportIsolates(liveIsolates));
  }

  /** The count of live isolates, if it is no longer the one the server was last told (`told`). */
  private reportIsolates(told: number): void {
    const liveIsolates = this.pool.live;
    if (liveIsolates !== told) this.port.send({ type: 'isolates', liveIsolates });
  }

  /** The run that lost its isolate has already failed (its lease was told); the process is spent. */
  private catastrophe(message: string): void {
    this.port.send({ type: 'catastrophe', message });
    if (this.retiring) return;
    this.retiring = true;
    if (this.runs.size === 0) this.port.exit();
  }

  private log(context: string, error: unknown): void {
    const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
    this.port.send({ type: 'log', message: `${context}: ${detail}` });
  }
}
