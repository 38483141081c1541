import { SessionRunGate } from './session-run.gate';

describe('SessionRunGate', () => {
  it('lets a session hold one turn at a time, in order, without holding up other sessions', async () => {
    const gate = new SessionRunGate(1);
    const order: string[] = [];
    const first = await gate.acquire('s1');
    const second = gate.acquire('s1').then((release) => {
      order.push('s1 second');
      return release;
    });
    const other = await gate.acquire('s2');
    order.push('s2');
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual(['s2']);
    first?.();
    first?.();
    (await second)?.();
    other?.();
    expect(order).toEqual(['s2', 's1 second']);
    expect(gate.size).toBe(0);
  });

  it('drops a waiter whose request is cancelled, holding nothing for it', async () => {
    const gate = new SessionRunGate(1);
    const first = await gate.acquire('s1');
    const controller = new AbortController();
    const waiting = gate.acquire('s1', controller.signal);
    controller.abort();
    await expect(waiting).resolves.toBeUndefined();
    first?.();
    expect(gate.size).toBe(0);
  });

  it('does not limit when the limit is 0', async () => {
    const gate = new SessionRunGate(0);
    const turns = await Promise.all([gate.acquire('s1'), gate.acquire('s1'), gate.acquire('s1')]);
    expect(turns.every((release) => typeof release === 'function')).toBe(true);
  });
});
