import { FairCheckQueue, SUSPECT_MS } from './type-check.fair-queue';

function queue(maxWaiting = 100, maxWaitingPerClient = 10) {
  const clock = { now: 1_000_000 };
  return { clock, queue: new FairCheckQueue<string>({ maxWaiting, maxWaitingPerClient }, () => clock.now) };
}

/** Takes the next `n` checks, returning their items. */
function take(q: FairCheckQueue<string>, n: number, suspects = true): (string | undefined)[] {
  return Array.from({ length: n }, () => q.next(suspects)?.item);
}

describe('FairCheckQueue', () => {
  it('serves principals round robin, fewest in flight first: a backlog delays another by one check at most', () => {
    const { queue: q } = queue();
    for (let i = 1; i <= 5; i++) q.push('flood', `f${i}`);
    expect(take(q, 2)).toEqual(['f1', 'f2']);
    q.push('honest', 'h1');
    q.push('other', 'o1');
    expect(take(q, 2)).toEqual(['h1', 'o1']);
    q.push('honest', 'h2');
    q.done('honest');
    expect(take(q, 2)).toEqual(['h2', 'f3']);
  });

  it("takes a principal's conversations in turn: one conversation's flood waits behind its own checks", () => {
    const { queue: q } = queue(100, 20);
    for (let i = 1; i <= 5; i++) q.push('key', `f${i}`, 'flooding');
    q.push('key', 's1', 'sibling');
    q.push('key', 's2', 'sibling');
    expect(take(q, 5)).toEqual(['f1', 's1', 'f2', 's2', 'f3']);
    expect(q.remove('key', 'f5')).toBe(true);
    expect(take(q, 2)).toEqual(['f4', undefined]);
  });

  it('is work-conserving: alone, a principal takes every check it has', () => {
    const { queue: q } = queue();
    for (let i = 1; i <= 3; i++) q.push('a', `a${i}`);
    expect(take(q, 4)).toEqual(['a1', 'a2', 'a3', undefined]);
  });

  it('holds a suspect (its check ran out of time) to one check in flight, and none when told so, for a while', () => {
    const { clock, queue: q } = queue();
    for (let i = 1; i <= 4; i++) q.push('bomber', `b${i}`);
    expect(take(q, 1)).toEqual(['b1']);
    q.done('bomber', true);
    expect(take(q, 1, false)).toEqual([undefined]);
    expect(take(q, 2)).toEqual(['b2', undefined]);
    q.done('bomber');
    clock.now += SUSPECT_MS;
    expect(take(q, 2, false)).toEqual(['b3', 'b4']);
  });

  it('refuses past its bounds, in all and per principal; a check taken out no longer counts', () => {
    const { queue: q } = queue(3, 2);
    expect([q.push('a', 'a1'), q.push('a', 'a2'), q.push('a', 'a3')]).toEqual([true, true, false]);
    expect([q.push('b', 'b1'), q.push('c', 'c1')]).toEqual([true, false]);
    expect(q.remove('a', 'a1')).toBe(true);
    expect(q.remove('a', 'a1')).toBe(false);
    expect(q.push('c', 'c1')).toBe(true);
    expect(q.waiting).toBe(3);
    expect(q.clear().sort()).toEqual(['a2', 'b1', 'c1']);
    expect(q.waiting).toBe(0);
  });
});
