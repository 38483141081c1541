import { MessageBus } from '@myko/state';
import type { DispatchHarness } from '../../__fixtures__/dispatch.harness';
import {
  callTool,
  DispatchCluster,
  execute,
  LIVE_COUNTER,
  pause,
  until,
} from '../../__fixtures__/dispatch-cluster.fixture';
import { LiveQueryTracker } from '../../features/resources/live/live-query.tracker';
import type { JsonRpcMessage } from '../../interfaces/json-rpc.types';

const META = 'io.modelcontextprotocol';

/**
 * Two (three) dispatches on one real redis-server: resource events and live queries reach the
 * subscribers of every instance, on the stream whichever instance holds.
 */
describe('events and live queries across instances on one Redis', () => {
  let cluster: DispatchCluster;
  let a: DispatchHarness;
  let b: DispatchHarness;

  beforeAll(async () => {
    cluster = await DispatchCluster.start();
    [a, b] = [await cluster.instance(), await cluster.instance()];
  });

  afterAll(() => cluster?.close());

  it('a plugin resource event on one instance reaches the subscriber of another, on the stream a third holds', async () => {
    const c = await cluster.instance();
    const [onA, , onC] = cluster.sessionOn(a, b, c);
    const stream: JsonRpcMessage[] = [];
    const detach = onC.harness.dispatch.openChannel(onC.client.sessionId, (m) => stream.push(m));
    await pause(50);
    expect(await onA.harness.result('resources/subscribe', { uri: 'test://note' }, onA.client)).toEqual({});
    const [editor] = cluster.sessionOn(b);
    await callTool(editor, 'edit_note', 'edit-1');
    await until(() => stream.length > 0, 'the update on the stream held by C');
    expect(stream).toEqual([
      { jsonrpc: '2.0', method: 'notifications/resources/updated', params: { uri: 'test://note' } },
    ]);
    detach();
    await pause(50);
    await callTool(editor, 'edit_note', 'edit-2');
    await pause(200);
    expect(stream).toHaveLength(1);
  });

  it('live query: a command on one instance updates the subscriber on another; a write of another entity does not', async () => {
    const [onA, onB] = cluster.sessionOn(a, b);
    const stream: JsonRpcMessage[] = [];
    const detach = onA.harness.dispatch.openChannel(onA.client.sessionId, (m) => stream.push(m));
    await onA.harness.result('resources/subscribe', { uri: LIVE_COUNTER }, onA.client);
    const [writer] = cluster.sessionOn(b);
    await execute(writer, "return myko.command('Relabel')");
    await pause(200);
    expect(stream).toEqual([]);
    await execute(writer, "return myko.command('Bump')");
    await until(() => stream.length === 1, 'the live update');
    expect(stream[0]).toMatchObject({ method: 'notifications/resources/updated', params: { uri: LIVE_COUNTER } });
    // Unsubscribed through the other instance: the instance watching it lets the query go.
    await onB.harness.result('resources/unsubscribe', { uri: LIVE_COUNTER }, onB.client);
    await until(() => a.moduleRef.get(LiveQueryTracker).size === 0, 'the watch to be released');
    await execute(writer, "return myko.command('Bump')");
    await pause(200);
    expect(stream).toHaveLength(1);
    detach();
  });

  it('a burst of commands elsewhere is one recomputation and one update here', async () => {
    const [onA] = cluster.sessionOn(a);
    const stream: JsonRpcMessage[] = [];
    const detach = onA.harness.dispatch.openChannel(onA.client.sessionId, (m) => stream.push(m));
    await onA.harness.result('resources/subscribe', { uri: LIVE_COUNTER }, onA.client);
    const [writer] = cluster.sessionOn(b);
    await execute(writer, "for (let i = 0; i < 5; i++) await myko.command('Bump'); return 1");
    await until(() => stream.length >= 1, 'the live update');
    await pause(200);
    expect(stream).toHaveLength(1);
    await onA.harness.result('resources/unsubscribe', { uri: LIVE_COUNTER }, onA.client);
    detach();
  });

  it('a 2026 subscriptions/listen stream on one instance hears a command run on the other', async () => {
    const [onA] = cluster.sessionOn(a);
    const listening = onA.harness.dispatch.handle(
      {
        jsonrpc: '2.0',
        id: 'listen-1',
        method: 'subscriptions/listen',
        params: {
          _meta: { [`${META}/protocolVersion`]: '2026-07-28', [`${META}/clientCapabilities`]: {} },
          notifications: { resourceSubscriptions: [LIVE_COUNTER] },
        },
      },
      onA.client,
    );
    await until(() => onA.sent.length === 1, 'the acknowledgement');
    const [writer] = cluster.sessionOn(b);
    await execute(writer, "return myko.command('Bump')");
    await until(() => onA.sent.length === 2, 'the update on the listen stream');
    expect(onA.sent[1]).toMatchObject({
      method: 'notifications/resources/updated',
      params: { uri: LIVE_COUNTER, _meta: { [`${META}/subscriptionId`]: 'listen-1' } },
    });
    expect(a.dispatch.cancel(onA.client.sessionId, 'listen-1', 'closed')).toBe(true);
    await expect(listening).resolves.toBeUndefined();
  });

  it('the bus costs a query nothing and a command at most one PUBLISH (commands of one event-loop turn share it)', async () => {
    const publish = jest.spyOn(b.moduleRef.get(MessageBus), 'publish');
    try {
      const [reader] = cluster.sessionOn(b);
      await execute(reader, "return myko.query('CounterValue')");
      await pause(50);
      expect(publish).not.toHaveBeenCalled();
      await execute(reader, "return Promise.all([myko.command('Bump'), myko.command('Relabel')])");
      await pause(50);
      const calls = publish.mock.calls;
      expect(calls.length).toBeGreaterThanOrEqual(1);
      expect(calls.length).toBeLessThanOrEqual(2);
      for (const [topic, message] of calls) expect([topic, message[0]]).toEqual(['cluster', 'w']);
      expect(new Set(calls.flatMap(([, message]) => message[1] as string[]))).toEqual(new Set(['Counter', 'Label']));
    } finally {
      publish.mockRestore();
    }
  });
});
