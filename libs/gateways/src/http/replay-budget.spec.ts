import { ReplayBudget } from './replay-budget';
import { SseEventStore } from './sse-event.store';

const seqs = (store: SseEventStore, stream: string) => store.after(stream, 0).events.map((e) => e.seq);

describe('ReplayBudget (the replay buffers of all sessions together)', () => {
  it('evicts the oldest events of the whole server first, whichever session holds them', () => {
    const budget = new ReplayBudget(25, 0);
    const a = new SseEventStore({ maxEvents: 100, maxBytes: 20 }, undefined, budget);
    const b = new SseEventStore({ maxEvents: 100, maxBytes: 20 }, undefined, budget);
    a.append('r1', 1, '0123456789');
    b.append('r1', 1, '0123456789');
    expect(budget.bytes).toBe(20);
    a.append('r1', 2, '0123456789');
    // 30 > 25: a's first event (the oldest of the server) goes; each store still within its own bound.
    expect(seqs(a, 'r1')).toEqual([2]);
    expect(seqs(b, 'r1')).toEqual([1]);
    expect(a.after('r1', 0).gap).toBe(true);
    expect(budget.bytes).toBe(20);
    expect(a.byteSize + b.byteSize).toBe(budget.bytes);
  });

  it("releases what a store drops on its own, so per-session bounds and the budget's count agree", () => {
    const budget = new ReplayBudget(1_000, 0);
    const store = new SseEventStore({ maxEvents: 2, maxBytes: 1_000 }, undefined, budget);
    for (let seq = 1; seq <= 5; seq++) store.append('r1', seq, 'xxxxx');
    expect(store.size).toBe(2);
    expect(budget.bytes).toBe(10);
    store.forget('r1');
    expect(budget.bytes).toBe(0);
    store.append('r2', 1, 'abc');
    store.clear();
    expect(budget.bytes).toBe(0);
  });

  it('never keeps an event larger than the whole budget, and expires events past their time', () => {
    const budget = new ReplayBudget(10, 1_000);
    const store = new SseEventStore({ maxEvents: 100, maxBytes: 100 }, undefined, budget);
    store.append('r1', 1, 'x'.repeat(11));
    expect(store.size).toBe(0);
    store.append('r1', 2, 'abc');
    budget.expire(Date.now() + 500);
    expect(seqs(store, 'r1')).toEqual([2]);
    budget.expire(Date.now() + 1_500);
    expect(store.size).toBe(0);
    expect(budget.bytes).toBe(0);
  });
});
