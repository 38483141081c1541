import { reserveLeastBusy } from './pool-status';
import type { SandboxProcess } from './sandbox-process';

/** What `reserveLeastBusy` reads and writes of a process: its load (runs + reserved) and when it was picked. */
function stub(runs: number): SandboxProcess {
  const proc = {
    reserved: 0,
    reservedAt: 0,
    get load(): number {
      return runs + proc.reserved;
    },
  };
  return proc as unknown as SandboxProcess;
}

describe('reserveLeastBusy', () => {
  it('picks the least loaded process and counts the reservation', () => {
    const busy = stub(3);
    const idle = stub(1);
    expect(reserveLeastBusy([busy, idle])).toBe(idle);
    expect(idle.reserved).toBe(1);
    expect(busy.reserved).toBe(0);
  });

  it('takes equally loaded processes in turn, so a run right after another does not wait for its refill', () => {
    const first = stub(0);
    const second = stub(0);
    const picks: string[] = [];
    for (let i = 0; i < 4; i++) {
      const chosen = reserveLeastBusy([first, second]);
      picks.push(chosen === first ? 'first' : 'second');
      chosen.reserved--; // the run reached the process and ended: both are idle again
    }
    expect(picks).toEqual(['first', 'second', 'first', 'second']);
  });
});
