import { ConnectionSlotsLimiter } from './connection-slots.limiter';

describe('ConnectionSlotsLimiter', () => {
  it('refuses an address over its cap and gives the slot back once on release', () => {
    const slots = new ConnectionSlotsLimiter({ perAddress: 2, total: 0 });
    const a = slots.tryReserve('10.0.0.1');
    slots.tryReserve('10.0.0.1');
    expect(slots.tryReserve('10.0.0.1')).toEqual({ refused: 'perAddress' });
    expect('release' in slots.tryReserve('10.0.0.2')).toBe(true);
    if ('release' in a) {
      a.release();
      a.release();
    }
    expect(slots.count('10.0.0.1')).toBe(1);
    expect(slots.count()).toBe(2);
    expect('release' in slots.tryReserve('10.0.0.1')).toBe(true);
  });

  it('refuses any address once the total is reached', () => {
    const slots = new ConnectionSlotsLimiter({ perAddress: 5, total: 2 });
    slots.tryReserve('a');
    slots.tryReserve('b');
    expect(slots.tryReserve('c')).toEqual({ refused: 'total' });
  });
});
