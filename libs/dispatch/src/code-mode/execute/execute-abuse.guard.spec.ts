import { type AbuseParty, ExecuteAbuseGuard } from './execute-abuse.guard';

const OPTIONS = {
  strikes: 3,
  windowMs: 60_000,
  cooldownMs: 30_000,
  maxCooldownMs: 120_000,
  principalConversations: 3,
  principalStrikes: 10,
};

function guardAt(start = 1_000_000, options = OPTIONS) {
  const clock = { now: start };
  return { clock, guard: new ExecuteAbuseGuard(options, () => clock.now) };
}

/** Conversation `name` of principal `principal`, named as `conversationOf` does. */
function party(name: string, principal = 'key:k'): AbuseParty {
  return { principal, conversation: `${principal}/${name}` };
}

const A = party('a');
const B = party('b');

describe('ExecuteAbuseGuard', () => {
  it('starts a cooldown at the third limit-stopped run within the window, for that conversation only', () => {
    const { clock, guard } = guardAt();
    expect(guard.record(A, 'cpu')).toEqual([]);
    guard.record(A, 'memory');
    expect(guard.cooldown(A)).toBeUndefined();
    clock.now += 1_000;
    expect(guard.record(A, 'timeout')).toEqual([{ ...A, level: 'conversation', cause: 'timeout', durationMs: 30_000 }]);
    expect(guard.cooldown(A)).toEqual({ level: 'conversation', retryAfterMs: 30_000, strikes: 3, windowMs: 60_000 });
    expect(guard.cooldown(B)).toBeUndefined();
    expect(guard.cooldown(party('a', 'key:other'))).toBeUndefined();
    clock.now += 29_999;
    expect(guard.cooldown(A)?.retryAfterMs).toBe(1);
    clock.now += 1;
    expect(guard.cooldown(A)).toBeUndefined();
  });

  it("counts scripts whose type check ran out of its time (a type bomb), like the sandbox's limits", () => {
    const { guard } = guardAt();
    for (let i = 0; i < 3; i++) guard.record(A, 'type-check-timeout');
    expect(guard.cooldown(A)).toMatchObject({ retryAfterMs: 30_000 });
    expect(guard.cooldown(B)).toBeUndefined();
  });

  it('counts runs that held their place idle for 5 s, cancelled ones included, and not busy or quick ones', () => {
    const { guard } = guardAt();
    guard.record(A, undefined, { idleMs: 20 });
    guard.record(A, 'cancelled', { idleMs: 4_999 });
    expect(guard.cooldown(A)).toBeUndefined();
    guard.record(A, 'cancelled', { idleMs: 25_000 });
    guard.record(A, undefined, { idleMs: 5_000 });
    expect(guard.record(A, 'cancelled', { idleMs: 29_000 })).toMatchObject([{ cause: 'idle' }]);
    expect(guard.cooldown(A)).toMatchObject({ retryAfterMs: 30_000 });
  });

  it('ignores successes and failures that are not limits, and strikes older than the window', () => {
    const { clock, guard } = guardAt();
    for (const kind of [undefined, 'script', 'syntax', 'call-limit', 'queue-full', 'cancelled'] as const) {
      guard.record(A, kind);
    }
    guard.record(A, 'cpu');
    guard.record(A, 'cpu');
    clock.now += 60_000;
    guard.record(A, 'cpu');
    expect(guard.cooldown(A)).toBeUndefined();
  });

  it('doubles the cooldown on repeat up to the longest, and starts over after behaving', () => {
    const { clock, guard } = guardAt();
    const earn = () => {
      for (let i = 0; i < 3; i++) guard.record(A, 'cpu');
      const retry = guard.cooldown(A)?.retryAfterMs ?? 0;
      clock.now += retry;
      return retry;
    };
    expect([earn(), earn(), earn(), earn()]).toEqual([30_000, 60_000, 120_000, 120_000]);
    clock.now += 120_001;
    expect(earn()).toBe(30_000);
  });

  it('does not count strikes of runs that end while their conversation cools down, at either level', () => {
    const { guard } = guardAt();
    for (let i = 0; i < 3; i++) guard.record(A, 'cpu');
    for (let i = 0; i < 12; i++) expect(guard.record(A, 'cpu')).toEqual([]);
    expect(guard.cooldown(A)?.retryAfterMs).toBe(30_000);
    expect(guard.cooldown(B)).toBeUndefined();
  });

  it('pauses the principal once three of its conversations cooled down within the window, every conversation of it', () => {
    const { clock, guard } = guardAt();
    for (let i = 0; i < 3; i++) guard.record(A, 'cpu');
    for (let i = 0; i < 3; i++) guard.record(B, 'cpu');
    expect(guard.cooldown(party('c'))).toBeUndefined();
    clock.now += 1_000;
    guard.record(party('c'), 'cpu');
    guard.record(party('c'), 'cpu');
    expect(guard.record(party('c'), 'memory')).toEqual([
      { ...party('c'), level: 'conversation', cause: 'memory', durationMs: 30_000 },
      { ...party('c'), level: 'principal', cause: 'conversations', durationMs: 30_000 },
    ]);
    expect(guard.cooldown(party('fresh'))).toEqual({
      level: 'principal',
      retryAfterMs: 30_000,
      strikes: 10,
      conversations: 3,
      windowMs: 60_000,
    });
    expect(guard.cooldown(party('fresh', 'key:other'))).toBeUndefined();
  });

  it('pauses a principal that rotates its conversations before any cools down, at its strikes over all of them', () => {
    const { guard } = guardAt();
    for (let i = 0; i < 9; i++) expect(guard.record(party(`s${i}`), 'cpu')).toEqual([]);
    expect(guard.record(party('s9'), 'cpu')).toEqual([
      { ...party('s9'), level: 'principal', cause: 'strikes', durationMs: 30_000 },
    ]);
    expect(guard.cooldown(party('s10'))).toMatchObject({ level: 'principal' });
  });

  it('keeps the principal level off when both of its thresholds are 0', () => {
    const { guard } = guardAt(0, { ...OPTIONS, principalConversations: 0, principalStrikes: 0 });
    for (let i = 0; i < 30; i++) guard.record(party(`s${i % 10}`), 'cpu');
    expect(guard.cooldown(party('fresh'))).toBeUndefined();
    expect(guard.cooldown(party('s0'))).toMatchObject({ level: 'conversation' });
  });

  it('forgets parties whose strikes and cooldowns are long past', () => {
    const { clock, guard } = guardAt();
    guard.record(A, 'cpu');
    expect(guard.size).toBe(2);
    clock.now += 200_000;
    guard.record(B, undefined);
    expect(guard.size).toBe(0);
  });
});
