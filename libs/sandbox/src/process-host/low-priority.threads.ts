import { LOW_PRIORITY_NICENESS } from '../sandbox.constants';
import { HOG_SAMPLE_MS, OS_SCHEDULER, type ThreadScheduler } from './cpu-hog.demoter';

/** What the demoter needs to know of the runs executing (`CpuGate`). */
export interface ExecutingRuns {
  /** Runs are executing now and every one of them is a heavy client's. */
  readonly onlyLowPriorityExecuting: boolean;
  /** Told whenever a run begins or ends executing. */
  onExecutingChange?: () => void;
}

/**
 * Runs a heavy client's runs (`heavyClientCpuPercent`) at the lowest OS priority, per thread (Linux keeps a
 * niceness per thread): while only low-priority runs execute in this process, every thread running then
 * (their isolates' threads) is demoted, so it gets only cores that nobody else needs; the moment a normal run
 * executes too, they get their priority back, since isolated-vm's threads are pooled and the OS cannot say
 * which isolate a thread is running. Every sample costs one read of `/proc/self/task`, and only while
 * low-priority runs execute. Where a thread's priority cannot be raised again (no CAP_SYS_NICE, RLIMIT_NICE
 * too low), `canRestore` is false and nothing is demoted; a refused restore all the same calls `onStuck`
 * once (the process should be replaced) and stops demoting.
 */
export class LowPriorityThreads {
  /** Threads demoted now, with the niceness each had. */
  private readonly demoted = new Map<number, number>();
  private timer: NodeJS.Timeout | undefined;
  private stuck = false;

  constructor(
    private readonly runs: ExecutingRuns,
    private readonly onStuck: (reason: string) => void,
    private readonly scheduler: ThreadScheduler = OS_SCHEDULER,
    /** The thread never demoted: the process's main thread answers the server. */
    private readonly mainTid = process.pid,
  ) {}

  start(): void {
    if (this.timer || !this.scheduler.readCpu()) return;
    this.runs.onExecutingChange = () => {
      if (this.demoted.size > 0 && !this.runs.onlyLowPriorityExecuting) this.restoreAll();
    };
    this.timer = setInterval(() => this.sample(), HOG_SAMPLE_MS);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
    this.runs.onExecutingChange = undefined;
  }

  /** Threads demoted now. */
  get threads(): number[] {
    return [...this.demoted.keys()];
  }

  /** One sampling step (the timer's; tests call it directly). */
  sample(): void {
    if (this.stuck) return;
    if (!this.runs.onlyLowPriorityExecuting) {
      if (this.demoted.size > 0) this.restoreAll();
      return;
    }
    for (const [tid, thread] of this.scheduler.readCpu() ?? []) {
      if (tid === this.mainTid || !thread.runnable || this.demoted.has(tid) || thread.niceness >= LOW_PRIORITY_NICENESS)
        continue;
      try {
        this.scheduler.setNiceness(tid, LOW_PRIORITY_NICENESS);
        this.demoted.set(tid, thread.niceness);
      } catch {
        // The thread ended, or the OS refused: nothing to undo.
      }
    }
  }

  private restoreAll(): void {
    for (const [tid, niceness] of this.demoted) {
      this.demoted.delete(tid);
      try {
        this.scheduler.setNiceness(tid, niceness);
      } catch (error) {
        if ((error as { info?: { code?: string } }).info?.code === 'ESRCH' || this.stuck) continue;
        this.stuck = true;
        this.onStuck(`a low-priority sandbox thread could not get its priority back (${(error as Error).message})`);
      }
    }
  }
}
