import { getPriority, setPriority } from 'node:os';
import { readThreadCpu, type ThreadCpu } from './thread-cpu.reader';

/** How often thread CPU times are sampled. */
export const HOG_SAMPLE_MS = 100;
/** A thread busier than this share of a core in a sample counts as spinning. */
const BUSY_SHARE = 0.7;
/** Consecutive busy samples (0.2 s) after which a thread is demoted; no honest script computes that long. */
const BUSY_SAMPLES = 2;
/** The niceness of a demoted thread: the lowest priority, so it only gets cores nobody else wants. */
export const HOG_NICENESS = 19;

/** What the demoter needs from the OS; replaced in tests. */
export interface ThreadScheduler {
  readCpu(): Map<number, ThreadCpu> | undefined;
  getNiceness(tid: number): number;
  setNiceness(tid: number, niceness: number): void;
}

/** The real one: `/proc` and `setpriority(2)` per thread. */
export const OS_SCHEDULER: ThreadScheduler = {
  readCpu: readThreadCpu,
  getNiceness: (tid) => getPriority(tid),
  setNiceness: (tid, niceness) => setPriority(tid, niceness),
};

interface ThreadState {
  cpuMs: number;
  busySamples: number;
  /** The niceness to restore, while demoted. */
  demotedFrom?: number;
}

/**
 * Lowers the OS priority of a sandbox thread that has been running flat out for 0.2 s (a script
 * spinning towards its CPU limit, or a memory bomb), so it only gets CPU nobody else wants: honest scripts
 * on the other isolate threads and the server keep their cores. The thread gets its priority back once
 * it is seen asleep (its run ended: isolate threads are pooled and serve other runs); a starved spinner
 * is still runnable, so it stays demoted however little CPU it gets. Linux only; elsewhere it does nothing.
 * An unprivileged process may lower its threads' priority but not raise it again: when a restore is
 * refused, `onStuck` is called once, and the process should be replaced.
 */
export class CpuHogDemoter {
  private readonly threads = new Map<number, ThreadState>();
  private timer?: NodeJS.Timeout;
  private stuck = false;

  constructor(
    private readonly onStuck: (reason: string) => void,
    private readonly scheduler: ThreadScheduler = OS_SCHEDULER,
    /** The thread never demoted: the process's main thread answers the server. */
    private readonly mainTid = process.pid,
  ) {}

  start(): void {
    if (this.timer || !this.scheduler.readCpu()) return;
    this.timer = setInterval(() => this.sample(HOG_SAMPLE_MS), HOG_SAMPLE_MS);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Threads demoted now. */
  get demoted(): number[] {
    return [...this.threads].filter(([, state]) => state.demotedFrom !== undefined).map(([tid]) => tid);
  }

  /** One sampling step; `elapsedMs` since the previous one. */
  sample(elapsedMs: number): void {
    const times = this.scheduler.readCpu();
    if (!times) return;
    for (const tid of this.threads.keys()) if (!times.has(tid)) this.threads.delete(tid);
    for (const [tid, { cpuMs, runnable }] of times) {
      if (tid === this.mainTid) continue;
      const state = this.threads.get(tid);
      if (!state) {
        this.threads.set(tid, { cpuMs, busySamples: 0 });
        continue;
      }
      const share = (cpuMs - state.cpuMs) / elapsedMs;
      state.cpuMs = cpuMs;
      state.busySamples = share >= BUSY_SHARE ? state.busySamples + 1 : 0;
      if (state.demotedFrom === undefined && state.busySamples >= BUSY_SAMPLES) this.demote(tid, state);
      else if (state.demotedFrom !== undefined && !runnable) this.restore(tid, state);
    }
  }

  private demote(tid: number, state: ThreadState): void {
    try {
      const niceness = this.scheduler.getNiceness(tid);
      if (niceness >= HOG_NICENESS) return;
      this.scheduler.setNiceness(tid, HOG_NICENESS);
      state.demotedFrom = niceness;
    } catch {
      // The thread ended, or the OS refused: nothing to undo.
    }
  }

  private restore(tid: number, state: ThreadState): void {
    const niceness = state.demotedFrom as number;
    state.demotedFrom = undefined;
    try {
      this.scheduler.setNiceness(tid, niceness);
    } catch (error) {
      if ((error as { info?: { code?: string } }).info?.code === 'ESRCH' || this.stuck) return;
      this.stuck = true;
      this.onStuck(`a demoted sandbox thread could not get its priority back (${(error as Error).message})`);
    }
  }
}
