import { HOG_NICENESS, type ThreadScheduler } from './cpu-hog.demoter';
import { type ExecutingRuns, LowPriorityThreads } from './low-priority.threads';
import type { ThreadCpu } from './thread-cpu.reader';

const MAIN = 1;

/** Threads the test sets runnable or asleep; the niceness each has. */
class FakeScheduler implements ThreadScheduler {
  readonly runnable = new Set<number>();
  readonly niceness = new Map<number, number>([
    [MAIN, 0],
    [2, 0],
    [3, 0],
  ]);
  refuseRaise = false;

  readCpu(): Map<number, ThreadCpu> {
    const threads = [...this.niceness].map(([tid, niceness]): [number, ThreadCpu] => [
      tid,
      { cpuMs: 0, runnable: this.runnable.has(tid), name: `thread-${tid}`, niceness },
    ]);
    return new Map(threads);
  }
  getNiceness(tid: number): number {
    return this.niceness.get(tid) ?? 0;
  }
  setNiceness(tid: number, niceness: number): void {
    if (this.refuseRaise && niceness < this.getNiceness(tid)) throw new Error('EACCES');
    this.niceness.set(tid, niceness);
  }
}

function setup() {
  const os = new FakeScheduler();
  const runs: ExecutingRuns & { onlyLowPriorityExecuting: boolean } = { onlyLowPriorityExecuting: false };
  const stuck: string[] = [];
  const threads = new LowPriorityThreads(runs, (reason) => stuck.push(reason), os, MAIN);
  threads.start();
  return { os, runs, stuck, threads };
}

describe('LowPriorityThreads', () => {
  it('demotes the running threads while only low-priority runs execute, never the main thread', () => {
    const { os, runs, threads } = setup();
    os.runnable.add(MAIN).add(2);
    threads.sample();
    expect(threads.threads).toEqual([]);
    runs.onlyLowPriorityExecuting = true;
    threads.sample();
    expect(threads.threads).toEqual([2]);
    expect([os.getNiceness(MAIN), os.getNiceness(2), os.getNiceness(3)]).toEqual([0, HOG_NICENESS, 0]);
    threads.stop();
  });

  it('gives them their priority back the moment a normal run executes too', () => {
    const { os, runs, threads } = setup();
    os.runnable.add(2).add(3);
    runs.onlyLowPriorityExecuting = true;
    threads.sample();
    expect(os.getNiceness(3)).toBe(HOG_NICENESS);
    runs.onlyLowPriorityExecuting = false;
    runs.onExecutingChange?.();
    expect([os.getNiceness(2), os.getNiceness(3)]).toEqual([0, 0]);
    expect(threads.threads).toEqual([]);
    threads.stop();
  });

  it('leaves a thread already at the lowest priority (the CPU-hog demoter’s) to whoever lowered it', () => {
    const { os, runs, threads } = setup();
    os.niceness.set(2, HOG_NICENESS);
    os.runnable.add(2);
    runs.onlyLowPriorityExecuting = true;
    threads.sample();
    runs.onlyLowPriorityExecuting = false;
    threads.sample();
    expect(os.getNiceness(2)).toBe(HOG_NICENESS);
    threads.stop();
  });

  it('reports once and stops demoting when the OS refuses to raise a priority again', () => {
    const { os, runs, stuck, threads } = setup();
    os.refuseRaise = true;
    os.runnable.add(2);
    runs.onlyLowPriorityExecuting = true;
    threads.sample();
    runs.onlyLowPriorityExecuting = false;
    threads.sample();
    expect(stuck).toHaveLength(1);
    runs.onlyLowPriorityExecuting = true;
    os.runnable.add(3);
    threads.sample();
    expect(os.getNiceness(3)).toBe(0);
    threads.stop();
  });
});
