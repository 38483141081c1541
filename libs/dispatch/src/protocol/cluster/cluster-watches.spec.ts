import { ResourceEvents } from '@myko/mcp';
import { MessageBus, type RedisMessageBus, RedisStateClient, StateModule } from '@myko/state';
import { Logger } from '@nestjs/common';
import { DispatchHarness, NO_SCRIPTS } from '../../__fixtures__/dispatch.harness';
import { DispatchCluster, until } from '../../__fixtures__/dispatch-cluster.fixture';
import { SpecPrimitives } from '../../__fixtures__/mcp-primitives.fixture';
import { resolveClusterWatchOptions } from './cluster-watch.defaults';
import { WATCHING_MAX_URIS } from './cluster-watches';

const NOTE = 'test://note';
const NOBODY = 'test://items/pear';
/** One URI per test, so that what a failing test leaves watched does not fail the next ones. */
const [APPLE, BANANA, CHERRY] = ['apple', 'banana', 'cherry'].map((name) => `test://items/${name}`);

/** A lease far longer than any wait below: what turns false here is the change message, never the lease. */
const SLOW = { ...NO_SCRIPTS, cluster: { watchPeriodMs: 20_000, watchLeaseMs: 60_000 } };

const watched = (harness: DispatchHarness, uri: string) => harness.moduleRef.get(ResourceEvents).isWatched(uri);

/** Several dispatches on one real redis-server: `isWatched` answers for the subscriptions of every instance. */
describe('ResourceEvents.isWatched across instances on one Redis', () => {
  let cluster: DispatchCluster;
  let a: DispatchHarness;
  let b: DispatchHarness;

  beforeAll(async () => {
    cluster = await DispatchCluster.start();
    [a, b] = [await cluster.instance(SLOW), await cluster.instance(SLOW)];
  });

  afterAll(() => cluster?.close());

  it('a subscription through B is watched on A; its unsubscribe ends it at once; an unwatched URI stays unwatched', async () => {
    const [onB] = cluster.sessionOn(b);
    expect(watched(a, NOTE)).toBe(false);
    await onB.harness.result('resources/subscribe', { uri: NOTE }, onB.client);
    expect(watched(b, NOTE)).toBe(true);
    await until(() => watched(a, NOTE) || watched(a, NOBODY), 'A to hear that B watches the note');
    expect(watched(a, NOTE)).toBe(true);
    expect(watched(a, NOBODY)).toBe(false);
    await onB.harness.result('resources/unsubscribe', { uri: NOTE }, onB.client);
    await until(() => !watched(a, NOTE) || watched(a, NOBODY), 'A to hear that B no longer watches it');
    expect(watched(a, NOTE)).toBe(false);
    expect(watched(a, NOBODY)).toBe(false);
  });

  it('an instance started later hears at once what the others watch (its hello is answered)', async () => {
    const [onB] = cluster.sessionOn(b);
    await onB.harness.result('resources/subscribe', { uri: APPLE }, onB.client);
    const unsubscribe = () => onB.harness.result('resources/unsubscribe', { uri: APPLE }, onB.client);
    try {
      await until(() => watched(a, APPLE), 'A to hear the subscription');
      // B's next periodic telling is 20 s away: only the answer to D's hello can tell D.
      const d = await cluster.instance(SLOW);
      await until(() => watched(d, APPLE), 'the newcomer to hear what B watches');
      expect(watched(d, NOBODY)).toBe(false);
      await unsubscribe();
      await until(() => !watched(a, APPLE) && !watched(d, APPLE), 'both to hear the unsubscribe');
    } finally {
      await unsubscribe();
    }
  });

  it('an instance shutting down says so: its URIs drop out at once, not after its lease', async () => {
    const e = await cluster.instance(SLOW);
    const [onE] = cluster.sessionOn(e);
    await onE.harness.result('resources/subscribe', { uri: BANANA }, onE.client);
    await until(() => watched(a, BANANA), 'A to hear that E watches it');
    await e.close();
    await until(() => !watched(a, BANANA), "A to hear E's empty set");
  });

  it('an instance gone without a word counts as watching until its lease ends, then no longer', async () => {
    const warned = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const c = await cluster.instance({ ...NO_SCRIPTS, cluster: { watchPeriodMs: 200, watchLeaseMs: 1_500 } });
    try {
      const [onC] = cluster.sessionOn(c);
      await onC.harness.result('resources/subscribe', { uri: CHERRY }, onC.client);
      await until(() => watched(a, CHERRY), 'A to hear that C watches it');
      // C's periodic tellings keep it watched past its first lease.
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      expect(watched(a, CHERRY)).toBe(true);
      // Killed: both its connections drop, nothing more is said (no empty set, no unsubscribe).
      c.moduleRef.get(RedisStateClient).redis.disconnect();
      await (c.moduleRef.get(MessageBus) as RedisMessageBus).onApplicationShutdown();
      expect(watched(a, CHERRY)).toBe(true);
      await until(() => !watched(a, CHERRY) && !watched(b, CHERRY), "C's lease to end", 5_000);
    } finally {
      warned.mockRestore();
    }
  });

  it('an instance watching more URIs than a message names is taken as watching everything (the safe side)', async () => {
    const events = b.moduleRef.get(ResourceEvents);
    const releases = Array.from({ length: WATCHING_MAX_URIS + 1 }, (_, i) => events.watch(`test://items/n${i}`));
    const warned = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    try {
      await until(() => watched(a, NOBODY), 'A to take B as watching everything');
      expect(warned).toHaveBeenCalledWith(expect.stringContaining('too many to tell the other instances'));
      releases.pop()?.();
      await until(() => !watched(a, NOBODY), 'the listed set again');
      expect(watched(a, 'test://items/n7')).toBe(true);
    } finally {
      for (const release of releases) release();
      warned.mockRestore();
    }
    await until(() => !watched(a, 'test://items/n7'), 'the set to empty');
  });
});

describe('ResourceEvents.isWatched across a Redis outage', () => {
  let cluster: DispatchCluster;

  afterAll(() => cluster?.close());

  it('an instance whose bus is back tells its set again at once: a change made while Redis was down is heard', async () => {
    cluster = await DispatchCluster.start();
    const [a, b] = [await cluster.instance(SLOW), await cluster.instance(SLOW)];
    const warned = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    try {
      const release = a.moduleRef.get(ResourceEvents).watch(APPLE);
      await until(() => watched(b, APPLE), 'B to hear that A watches it');
      await cluster.redis.kill();
      await until(() => !a.moduleRef.get(RedisStateClient).isUp, 'A to see Redis gone');
      // Told while Redis is down: the message is lost.
      release();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(watched(b, APPLE)).toBe(true);
      await cluster.redis.restart();
      // A's next periodic telling is 20 s away and B's lease of A's set 60 s: only the telling on reconnect can do it.
      await until(() => !watched(b, APPLE), 'B to hear, once Redis is back, that A no longer watches it', 10_000);
    } finally {
      warned.mockRestore();
    }
  });
});

describe('ResourceEvents.isWatched on a single instance (no Redis)', () => {
  it('answers for this instance alone and puts nothing on the bus', async () => {
    const harness = await DispatchHarness.create(
      { ...NO_SCRIPTS, cluster: { watchPeriodMs: 10, watchLeaseMs: 10 } },
      [SpecPrimitives],
      [StateModule.forRoot()],
    );
    const bus = harness.moduleRef.get(MessageBus);
    const publish = jest.spyOn(bus, 'publish');
    try {
      const client = harness.client();
      await harness.result('resources/subscribe', { uri: NOTE }, client);
      expect([watched(harness, NOTE), watched(harness, NOBODY)]).toEqual([true, false]);
      await new Promise((resolve) => setTimeout(resolve, 100));
      await harness.result('resources/unsubscribe', { uri: NOTE }, client);
      expect(watched(harness, NOTE)).toBe(false);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect([bus.shared, publish.mock.calls]).toEqual([false, []]);
    } finally {
      await harness.close();
    }
  });
});

describe('resolveClusterWatchOptions', () => {
  it('defaults the lease to three periods and refuses timings that cannot work', () => {
    expect(resolveClusterWatchOptions()).toEqual({ watchPeriodMs: 10_000, watchLeaseMs: 30_000 });
    expect(resolveClusterWatchOptions({ watchPeriodMs: 100 })).toEqual({ watchPeriodMs: 100, watchLeaseMs: 300 });
    expect(() => resolveClusterWatchOptions({ watchPeriodMs: 0 })).toThrow(/watchPeriodMs must be a positive/);
    expect(() => resolveClusterWatchOptions({ watchLeaseMs: Number.NaN })).toThrow(/watchLeaseMs must be a positive/);
    expect(() => resolveClusterWatchOptions({ watchPeriodMs: 1_000, watchLeaseMs: 500 })).toThrow(/at least/);
  });
});
