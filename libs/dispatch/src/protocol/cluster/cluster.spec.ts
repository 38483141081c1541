import { Command, Query } from '@myko/registry';
import { MessageBus, RedisMessageBus, StateModule } from '@myko/state';
import { Injectable, Logger } from '@nestjs/common';
import { type RedisServer, startRedisServer } from '../../../../../test/helpers/redis-server';
import { DispatchHarness, type Json } from '../../__fixtures__/dispatch.harness';
import { SpecPrimitives } from '../../__fixtures__/mcp-primitives.fixture';
import { ServerShuttingDownError } from '../../errors';
import { LiveQueryTracker } from '../../features/resources/live/live-query.tracker';
import type { ClientContext } from '../../interfaces/client-context.interface';
import type { JsonRpcMessage, JsonRpcRequest } from '../../interfaces/json-rpc.types';
import { SESSION_BROADCASTS_PER_WINDOW } from './broadcast-budget';
import { ClusterChannel } from './cluster.channel';

/** The data both instances serve, as one database would be (the counter and the label are two entities). */
const shared = { counter: 0, label: 'a' };

@Injectable()
class SharedCounter {
  @Query({ description: 'The counter', output: Number, reads: ['Counter'] })
  CounterValue(): number {
    return shared.counter;
  }

  @Command({ description: 'Adds one to the counter', output: Number, writes: ['Counter'] })
  Bump(): number {
    return ++shared.counter;
  }

  @Command({ description: 'Changes the label', output: String, writes: ['Label'] })
  Relabel(): string {
    shared.label += 'a';
    return shared.label;
  }
}

const LIVE_COUNTER = 'myko://live/query/CounterValue';
const META = 'io.modelcontextprotocol';

async function until(check: () => boolean, what: string, ms = 3_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Two dispatches in one process, each with its own Redis connections and bus, on one real
 * redis-server: what one instance takes for a session or request the other holds reaches it.
 */
describe('dispatch across instances on one Redis', () => {
  let redis: RedisServer;
  let a: DispatchHarness;
  let b: DispatchHarness;
  let session = 0;

  const instance = () =>
    DispatchHarness.create(
      { clientRequestTimeoutMs: 1_500, live: { coalesceMs: 100 } },
      [SpecPrimitives, SharedCounter],
      [StateModule.forRoot({ redis: { url: redis.url } })],
    );

  /** One session as each instance sees it: same id, each with its own request stream. */
  function sessionOn(...harnesses: DispatchHarness[]) {
    const sessionId = `cluster-session-${++session}`;
    return harnesses.map((harness) => {
      const sent: Json[] = [];
      const client: ClientContext = {
        ...harness.client(undefined, sent),
        sessionId,
      };
      return { harness, client, sent };
    });
  }

  const call = (side: { harness: DispatchHarness; client: ClientContext }, name: string, id: string | number) =>
    side.harness.dispatch.handle(
      { jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: {} } },
      side.client,
    );

  async function execute(side: { harness: DispatchHarness; client: ClientContext }, code: string): Promise<void> {
    const result = await side.harness.callTool('execute', { code }, side.client);
    if (result.isError) throw new Error(`execute failed: ${JSON.stringify(result.content)}`);
  }

  beforeAll(async () => {
    redis = await startRedisServer();
    [a, b] = [await instance(), await instance()];
  });

  afterAll(async () => {
    await a?.close();
    await b?.close();
    await redis?.stop();
  });

  it('forwards the answer to our sampling request to the instance awaiting it', async () => {
    const [onA, onB] = sessionOn(a, b);
    await onA.harness.initialize(onA.client, { sampling: {} });
    const pending = call(onA, 'ask_model', 'ask-1');
    await until(() => onA.sent.some((m) => 'id' in m), 'the sampling request');
    const request = onA.sent.find((m) => 'id' in m) as JsonRpcRequest;
    const aId = a.moduleRef.get(MessageBus).instanceId;
    expect(request).toMatchObject({ method: 'sampling/createMessage' });
    expect(request.id).toMatch(new RegExp(`^myko-srv-${aId}\\.\\d+$`));
    const answer = {
      jsonrpc: '2.0',
      id: request.id,
      result: { role: 'assistant', content: { type: 'text', text: 'hi from B' } },
    };
    expect(await onB.harness.dispatch.handle(answer, onB.client)).toBeUndefined();
    const response = (await pending) as Json;
    expect(response.result.isError).toBeFalsy();
    expect(JSON.stringify(response.result.content)).toContain('hi from B');
  });

  it('does not let another session answer: the forwarded answer is matched by session and id', async () => {
    const [onA] = sessionOn(a);
    const [stranger] = sessionOn(b);
    await onA.harness.initialize(onA.client, { elicitation: {} });
    const pending = call(onA, 'ask_user', 'ask-2');
    await until(() => onA.sent.some((m) => 'id' in m), 'the elicitation request');
    const { id } = onA.sent.find((m) => 'id' in m) as JsonRpcRequest;
    await stranger.harness.dispatch.handle(
      { jsonrpc: '2.0', id, result: { action: 'accept', content: { name: 'Eve' } } },
      stranger.client,
    );
    await pause(100);
    const [asB] = sessionOn(b).map((side) => ({
      ...side,
      client: { ...side.client, sessionId: onA.client.sessionId },
    }));
    await asB.harness.dispatch.handle(
      { jsonrpc: '2.0', id, result: { action: 'accept', content: { name: 'Ann' } } },
      asB.client,
    );
    const text = JSON.stringify(((await pending) as Json).result.content);
    expect(text).toContain('Ann');
    expect(text).not.toContain('Eve');
  });

  it('a request whose awaiting instance is gone: the answer is dropped with a warning, the request fails on its own, no hang', async () => {
    const warned = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const c = await instance();
    try {
      const [onC, onB] = sessionOn(c, b);
      await onC.harness.initialize(onC.client, { sampling: {} });
      const pending = call(onC, 'ask_model', 'ask-3');
      await until(() => onC.sent.some((m) => 'id' in m), 'the sampling request');
      const { id } = onC.sent.find((m) => 'id' in m) as JsonRpcRequest;
      // C stops listening on the bus, as an instance killed mid-request would.
      await (c.moduleRef.get(MessageBus) as RedisMessageBus).onApplicationShutdown();
      await onB.harness.dispatch.handle(
        { jsonrpc: '2.0', id, result: { role: 'assistant', content: { type: 'text', text: 'late' } } },
        onB.client,
      );
      await until(
        () => warned.mock.calls.some(([line]) => String(line).includes('which no longer listens')),
        'the warning',
      );
      const response = (await pending) as Json;
      expect(response.result.isError).toBe(true);
      expect(JSON.stringify(response.result.content)).toMatch(/no answer within 1500 ms/);
    } finally {
      warned.mockRestore();
      await c.close();
    }
  });

  it('cancels a request running on the other instance (notifications/cancelled taken elsewhere)', async () => {
    const [onA, onB] = sessionOn(a, b);
    await onA.harness.initialize(onA.client);
    const running = call(onA, 'wait_for_cancel', 41);
    await pause(50);
    await onB.harness.dispatch.handle(
      { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 41, reason: 'user stop' } },
      onB.client,
    );
    await expect(running).resolves.toBeUndefined();
  });

  it('the id of a cancellation keeps its type: cancelling "42" does not stop 42', async () => {
    const [onA, onB] = sessionOn(a, b);
    const running = call(onA, 'wait_for_cancel', 42);
    await pause(50);
    await onB.harness.dispatch.handle(
      { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: '42' } },
      onB.client,
    );
    await pause(150);
    expect(a.dispatch.abortInFlight(new ServerShuttingDownError('test over'), onA.client.sessionId)).toBe(1);
    await expect(running).resolves.toMatchObject({ id: 42, error: { message: expect.stringContaining('test over') } });
  });

  it('a plugin resource event on one instance reaches the subscriber of another, on the stream a third holds', async () => {
    const c = await instance();
    try {
      const [onA, , onC] = sessionOn(a, b, c);
      const stream: JsonRpcMessage[] = [];
      const detach = onC.harness.dispatch.openChannel(onC.client.sessionId, (m) => stream.push(m));
      await pause(50);
      expect(await onA.harness.result('resources/subscribe', { uri: 'test://note' }, onA.client)).toEqual({});
      const [editor] = sessionOn(b);
      await call(editor, 'edit_note', 'edit-1');
      await until(() => stream.length > 0, 'the update on the stream held by C');
      expect(stream).toEqual([
        { jsonrpc: '2.0', method: 'notifications/resources/updated', params: { uri: 'test://note' } },
      ]);
      detach();
      await pause(50);
      await call(editor, 'edit_note', 'edit-2');
      await pause(200);
      expect(stream).toHaveLength(1);
    } finally {
      await c.close();
    }
  });

  it('live query: a command on one instance updates the subscriber on another; a write of another entity does not', async () => {
    const [onA, onB] = sessionOn(a, b);
    const stream: JsonRpcMessage[] = [];
    const detach = onA.harness.dispatch.openChannel(onA.client.sessionId, (m) => stream.push(m));
    await onA.harness.result('resources/subscribe', { uri: LIVE_COUNTER }, onA.client);
    const [writer] = sessionOn(b);
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
    const [onA] = sessionOn(a);
    const stream: JsonRpcMessage[] = [];
    const detach = onA.harness.dispatch.openChannel(onA.client.sessionId, (m) => stream.push(m));
    await onA.harness.result('resources/subscribe', { uri: LIVE_COUNTER }, onA.client);
    const [writer] = sessionOn(b);
    await execute(writer, "for (let i = 0; i < 5; i++) await myko.command('Bump'); return 1");
    await until(() => stream.length >= 1, 'the live update');
    await pause(200);
    expect(stream).toHaveLength(1);
    await onA.harness.result('resources/unsubscribe', { uri: LIVE_COUNTER }, onA.client);
    detach();
  });

  it('a 2026 subscriptions/listen stream on one instance hears a command run on the other', async () => {
    const [onA] = sessionOn(a);
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
    const [writer] = sessionOn(b);
    await execute(writer, "return myko.command('Bump')");
    await until(() => onA.sent.length === 2, 'the update on the listen stream');
    expect(onA.sent[1]).toMatchObject({
      method: 'notifications/resources/updated',
      params: { uri: LIVE_COUNTER, _meta: { [`${META}/subscriptionId`]: 'listen-1' } },
    });
    expect(a.dispatch.cancel(onA.client.sessionId, 'listen-1', 'closed')).toBe(true);
    await expect(listening).resolves.toBeUndefined();
  });

  it('a session deleted through one instance ends what another holds of it (its running request)', async () => {
    const [onA] = sessionOn(a);
    const running = call(onA, 'wait_for_cancel', 'held');
    await pause(50);
    b.dispatch.endSession(onA.client.sessionId, true);
    await expect(running).resolves.toBeUndefined();
  });

  it('a session that ends lets its topic go, even when its transport never detached the channel', async () => {
    const [onA] = sessionOn(a);
    const cluster = a.moduleRef.get(ClusterChannel);
    const before = cluster.heldSessions;
    a.dispatch.openChannel(onA.client.sessionId, () => undefined);
    expect(cluster.heldSessions).toBe(before + 1);
    a.dispatch.endSession(onA.client.sessionId);
    expect(cluster.heldSessions).toBe(before);
  });

  it('the bus costs a query nothing and a command at most one PUBLISH (commands of one event-loop turn share it)', async () => {
    const publish = jest.spyOn(b.moduleRef.get(MessageBus), 'publish');
    try {
      const [reader] = sessionOn(b);
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

  it('a client cancelling unknown requests in a loop causes at most its budget of broadcasts', async () => {
    const publish = jest.spyOn(b.moduleRef.get(MessageBus), 'publish');
    try {
      const [spammer] = sessionOn(b);
      for (let i = 0; i < 100; i++) {
        await b.dispatch.handle(
          { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: `nope-${i}` } },
          spammer.client,
        );
      }
      expect(publish.mock.calls.length).toBeGreaterThan(0);
      expect(publish.mock.calls.length).toBeLessThanOrEqual(SESSION_BROADCASTS_PER_WINDOW * 2);
    } finally {
      publish.mockRestore();
    }
  });

  it('a session ended on one instance only (idle there, shutdown) leaves the others alone', async () => {
    const [onA] = sessionOn(a);
    const running = call(onA, 'wait_for_cancel', 'kept');
    await pause(50);
    b.dispatch.endSession(onA.client.sessionId);
    await pause(150);
    expect(a.dispatch.abortInFlight(new ServerShuttingDownError('test over'), onA.client.sessionId)).toBe(1);
    await expect(running).resolves.toMatchObject({ error: { message: expect.stringContaining('test over') } });
  });
});
