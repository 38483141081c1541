import { CpuHogDemoter, HOG_NICENESS, HOG_SAMPLE_MS, type ThreadScheduler } from './cpu-hog.demoter';
import type { ThreadCpu } from './thread-cpu.reader';

const MAIN = 1;

/** Threads whose CPU use the test scripts sample by sample. */
class FakeScheduler implements ThreadScheduler {
  readonly threads = new Map<number, ThreadCpu>();
  readonly niceness = new Map<number, number>();
  refuseRaise = false;

  readCpu(): Map<number, ThreadCpu> {
    return new Map([...this.threads].map(([tid, cpu]) => [tid, { ...cpu }]));
  }
  getNiceness(tid: number): number {
    return this.niceness.get(tid) ?? 0;
  }
  setNiceness(tid: number, niceness: number): void {
    if (this.refuseRaise && niceness < this.getNiceness(tid)) throw new Error('EACCES');
    this.niceness.set(tid, niceness);
  }
  /** Thread `tid` used `share` of a core over the next sample. */
  run(tid: number, share: number, runnable = share > 0): void {
    const cpu = this.threads.get(tid) ?? { cpuMs: 0, runnable, name: `worker-${tid}`, niceness: 0 };
    const niceness = this.getNiceness(tid);
    this.threads.set(tid, { cpuMs: cpu.cpuMs + share * HOG_SAMPLE_MS, runnable, name: cpu.name, niceness });
  }
}

function setup() {
  const os = new FakeScheduler();
  const stuck: string[] = [];
  const demoter = new CpuHogDemoter((reason) => stuck.push(reason), os, MAIN);
  const step = (shares: Record<number, number>, runnable?: boolean) => {
    for (const [tid, share] of Object.entries(shares)) os.run(Number(tid), share, runnable);
    demoter.sample(HOG_SAMPLE_MS);
  };
  return { os, stuck, demoter, step };
}

describe('CpuHogDemoter', () => {
  it('demotes a thread busy for half a second, keeps it demoted while it is starved, restores it once asleep', () => {
    const { os, demoter, step } = setup();
    step({ 2: 0, 3: 0, [MAIN]: 0 });
    step({ 2: 1, 3: 0.1, [MAIN]: 1 });
    expect(demoter.demoted).toEqual([]);
    step({ 2: 0.9, 3: 0.1, [MAIN]: 1 });
    expect(demoter.demoted).toEqual([2]);
    expect(os.getNiceness(2)).toBe(HOG_NICENESS);
    expect(os.getNiceness(MAIN)).toBe(0);
    step({ 2: 0.02 }, true);
    expect(demoter.demoted).toEqual([2]);
    step({ 2: 0 }, false);
    expect(demoter.demoted).toEqual([]);
    expect(os.getNiceness(2)).toBe(0);
  });

  it('leaves short bursts alone', () => {
    const { demoter, step } = setup();
    step({ 2: 0 });
    for (let i = 0; i < 6; i++) step({ 2: i % 2 === 0 ? 1 : 0.3 });
    expect(demoter.demoted).toEqual([]);
  });

  it('asks once to be replaced when the OS refuses to give a thread its priority back', () => {
    const { os, stuck, step } = setup();
    os.refuseRaise = true;
    for (const tid of [2, 3]) {
      step({ [tid]: 0 });
      step({ [tid]: 1 });
      step({ [tid]: 1 });
      step({ [tid]: 0 }, false);
    }
    expect(stuck).toEqual(['a demoted sandbox thread could not get its priority back (EACCES)']);
  });
});
