import { BroadcastBudget } from './broadcast-budget';

describe('BroadcastBudget', () => {
  it('gives each session its own budget per window, and a new window a new one', () => {
    const budget = new BroadcastBudget(2, 1_000);
    expect([budget.take('a', 0), budget.take('a', 10), budget.take('a', 20)]).toEqual([true, true, false]);
    expect(budget.take('b', 30)).toBe(true);
    expect(budget.take('a', 999)).toBe(false);
    expect(budget.take('a', 1_000)).toBe(true);
  });
});
