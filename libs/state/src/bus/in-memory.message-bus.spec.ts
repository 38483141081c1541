import { Logger } from '@nestjs/common';
import { InMemoryBusHub, InMemoryMessageBus } from './in-memory.message-bus';
import type { BusMessage } from './message-bus';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('InMemoryMessageBus', () => {
  it('alone (the default), it is not shared and nobody else hears it', async () => {
    const bus = new InMemoryMessageBus();
    const other = new InMemoryMessageBus();
    const got: BusMessage[] = [];
    await other.subscribe('t', (message) => got.push(message));
    expect(bus.shared).toBe(false);
    await expect(bus.publish('t', ['x'])).resolves.toBe(0);
    await tick();
    expect(got).toEqual([]);
  });

  it('on one hub, buses hear each other as instances on one Redis: origin, instance count, later delivery', async () => {
    const hub = new InMemoryBusHub();
    const [a, b, c] = [new InMemoryMessageBus(hub), new InMemoryMessageBus(hub), new InMemoryMessageBus(hub)];
    const got: Array<[BusMessage, string]> = [];
    await b.subscribe('t', (message, origin) => got.push([message, origin]));
    await b.subscribe('t', (message, origin) => got.push([message, origin]));
    await c.subscribe('t', (message, origin) => got.push([message, origin]));
    expect(a.shared).toBe(true);
    const published = a.publish('t', ['x', 1]);
    // Never inside the publisher's own call, as over a network.
    expect(got).toEqual([]);
    await expect(published).resolves.toBe(2);
    await tick();
    expect(got).toEqual([
      [['x', 1], a.instanceId],
      [['x', 1], a.instanceId],
      [['x', 1], a.instanceId],
    ]);
  });

  it('a closed subscription hears nothing more; a closed bus is no longer alive and hears nothing', async () => {
    const hub = new InMemoryBusHub();
    const [a, b] = [new InMemoryMessageBus(hub), new InMemoryMessageBus(hub)];
    const got: BusMessage[] = [];
    const subscription = await b.subscribe('t', (message) => got.push(message));
    await subscription.close();
    await expect(a.publish('t', ['gone'])).resolves.toBe(0);
    await b.subscribe('t', (message) => got.push(message));
    await expect(a.isAlive(b.instanceId)).resolves.toBe(true);
    b.close();
    await expect(a.isAlive(b.instanceId)).resolves.toBe(false);
    await expect(a.publish('t', ['after'])).resolves.toBe(0);
    await tick();
    expect(got).toEqual([]);
  });

  it('a handler that throws is logged and does not keep the message from the others', async () => {
    const logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const hub = new InMemoryBusHub();
    const [a, b] = [new InMemoryMessageBus(hub), new InMemoryMessageBus(hub)];
    const got: BusMessage[] = [];
    await b.subscribe('t', () => {
      throw new Error('handler bug');
    });
    await b.subscribe('t', (message) => got.push(message));
    await a.publish('t', ['x']);
    await tick();
    expect(got).toEqual([['x']]);
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('handler bug'));
    logged.mockRestore();
  });
});
