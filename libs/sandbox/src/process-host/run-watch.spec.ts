import { CpuGate } from '../engine/cpu-gate';
import type { IsolateRun } from '../engine/isolate-runner';
import { BUSY_MARK_MS, RunWatch } from './run-watch';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('RunWatch busy marks (crash attribution)', () => {
  it('marks a run busy once it executes past BUSY_MARK_MS, and calm the moment it awaits again', async () => {
    const said: string[] = [];
    const port = {
      busy: (runId: number) => said.push(`busy ${runId}`),
      calm: (runId: number) => said.push(`calm ${runId}`),
      log: () => undefined,
      retire: () => undefined,
    };
    const watch = new RunWatch(port, 1_000_000, 0, 0);
    const turn = new CpuGate(1).turn();
    watch.add(7, { turn, cpuTime: () => 0n } as unknown as IsolateRun);
    try {
      let finish: () => void = () => undefined;
      const stretch = turn.enter(() => new Promise<void>((resolve) => (finish = resolve)));
      await sleep(BUSY_MARK_MS + 5);
      watch.sample();
      expect(said).toEqual(['busy 7']);
      finish();
      await stretch;
      // No sample ran since: the calm did not wait for one.
      expect(said).toEqual(['busy 7', 'calm 7']);
      watch.sample();
      expect(said).toEqual(['busy 7', 'calm 7']);
    } finally {
      watch.remove(7);
    }
  });

  it('says nothing for a short stretch, nor for a run no longer watched', async () => {
    const said: string[] = [];
    const port = { busy: () => said.push('busy'), calm: () => said.push('calm'), log: () => 0, retire: () => 0 };
    const watch = new RunWatch(port, 1_000_000, 0, 0);
    const turn = new CpuGate(1).turn();
    watch.add(1, { turn, cpuTime: () => 0n } as unknown as IsolateRun);
    await turn.enter(async () => watch.sample());
    let finish: () => void = () => undefined;
    const stretch = turn.enter(() => new Promise<void>((resolve) => (finish = resolve)));
    await sleep(BUSY_MARK_MS + 5);
    watch.sample();
    watch.remove(1);
    finish();
    await stretch;
    expect(said).toEqual(['busy']);
  });
});
