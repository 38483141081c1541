import { ExecuteAbuseGuard } from './execute-abuse.guard';

const OPTIONS = { strikes: 3, windowMs: 60_000, cooldownMs: 30_000, maxCooldownMs: 120_000 };

function guardAt(start = 1_000_000) {
  const clock = { now: start };
  return { clock, guard: new ExecuteAbuseGuard(OPTIONS, () => clock.now) };
}

describe('ExecuteAbuseGuard', () => {
  it('starts a cooldown at the third limit-stopped run within the window, for that client only', () => {
    const { clock, guard } = guardAt();
    guard.record('a', 'cpu');
    guard.record('a', 'memory');
    expect(guard.cooldown('a')).toBeUndefined();
    clock.now += 1_000;
    guard.record('a', 'timeout');
    expect(guard.cooldown('a')).toEqual({ retryAfterMs: 30_000, strikes: 3, windowMs: 60_000 });
    expect(guard.cooldown('b')).toBeUndefined();
    clock.now += 29_999;
    expect(guard.cooldown('a')?.retryAfterMs).toBe(1);
    clock.now += 1;
    expect(guard.cooldown('a')).toBeUndefined();
  });

  it("counts scripts whose type check ran out of its time (a type bomb), like the sandbox's limits", () => {
    const { guard } = guardAt();
    for (let i = 0; i < 3; i++) guard.record('a', 'type-check-timeout');
    expect(guard.cooldown('a')).toMatchObject({ retryAfterMs: 30_000 });
    expect(guard.cooldown('b')).toBeUndefined();
  });

  it('counts runs that held their place idle for 5 s, cancelled ones included, and not busy or quick ones', () => {
    const { guard } = guardAt();
    guard.record('a', undefined, { idleMs: 20 });
    guard.record('a', 'cancelled', { idleMs: 4_999 });
    expect(guard.cooldown('a')).toBeUndefined();
    guard.record('a', 'cancelled', { idleMs: 25_000 });
    guard.record('a', undefined, { idleMs: 5_000 });
    guard.record('a', 'cancelled', { idleMs: 29_000 });
    expect(guard.cooldown('a')).toMatchObject({ retryAfterMs: 30_000 });
  });

  it('ignores successes and failures that are not limits, and strikes older than the window', () => {
    const { clock, guard } = guardAt();
    for (const kind of [undefined, 'script', 'syntax', 'call-limit', 'queue-full', 'cancelled'] as const) {
      guard.record('a', kind);
    }
    guard.record('a', 'cpu');
    guard.record('a', 'cpu');
    clock.now += 60_000;
    guard.record('a', 'cpu');
    expect(guard.cooldown('a')).toBeUndefined();
  });

  it('doubles the cooldown on repeat up to the longest, and starts over after behaving', () => {
    const { clock, guard } = guardAt();
    const earn = () => {
      for (let i = 0; i < 3; i++) guard.record('a', 'cpu');
      const retry = guard.cooldown('a')?.retryAfterMs ?? 0;
      clock.now += retry;
      return retry;
    };
    expect([earn(), earn(), earn(), earn()]).toEqual([30_000, 60_000, 120_000, 120_000]);
    clock.now += 120_001;
    expect(earn()).toBe(30_000);
  });

  it('forgets clients whose strikes and cooldowns are long past', () => {
    const { clock, guard } = guardAt();
    guard.record('a', 'cpu');
    clock.now += 200_000;
    guard.record('b', undefined);
    expect(guard.size).toBe(0);
  });
});
