import { reserveLeastBusy } from './pool-status';
import type { SandboxProcess } from './sandbox-process';

/** What `reserveLeastBusy` reads of a process and calls on it: its load (runs + reserved), when it was picked, `reserve()`. */
function stub(runs: number): SandboxProcess & { reserved: number } {
  const proc = {
    reserved: 0,
    reservedAt: 0,
    get load(): number {
      return runs + proc.reserved;
    },
    reserve(at: number): void {
      proc.reserved++;
      proc.reservedAt = at;
    },
  };
  return proc as unknown as SandboxProcess & { reserved: number };
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
      (chosen as ReturnType<typeof stub>).reserved--; // the run reached the process and ended: both are idle again
    }
    expect(picks).toEqual(['first', 'second', 'first', 'second']);
  });
});
