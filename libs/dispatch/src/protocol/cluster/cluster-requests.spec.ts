import { MessageBus, type RedisMessageBus } from '@myko/state';
import { Logger } from '@nestjs/common';
import { type DispatchHarness, type Json, NO_SCRIPTS } from '../../__fixtures__/dispatch.harness';
import { callTool, DispatchCluster, pause, until } from '../../__fixtures__/dispatch-cluster.fixture';
import { ServerShuttingDownError } from '../../errors';
import type { JsonRpcRequest } from '../../interfaces/json-rpc.types';
import { SESSION_BROADCASTS_PER_WINDOW } from './broadcast-budget';
import { ClusterChannel } from './cluster.channel';

/**
 * Two dispatches on one real redis-server: the client's answer to our request, a cancellation and a
 * session's end reach the instance holding the request, whichever instance took them.
 */
describe('requests across instances on one Redis', () => {
  let cluster: DispatchCluster;
  let a: DispatchHarness;
  let b: DispatchHarness;

  beforeAll(async () => {
    cluster = await DispatchCluster.start();
    [a, b] = [await cluster.instance(NO_SCRIPTS), await cluster.instance(NO_SCRIPTS)];
  });

  afterAll(() => cluster?.close());

  it('forwards the answer to our sampling request to the instance awaiting it', async () => {
    const [onA, onB] = cluster.sessionOn(a, b);
    await onA.harness.initialize(onA.client, { sampling: {} });
    const pending = callTool(onA, 'ask_model', 'ask-1');
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
    const [onA] = cluster.sessionOn(a);
    const [stranger] = cluster.sessionOn(b);
    await onA.harness.initialize(onA.client, { elicitation: {} });
    const pending = callTool(onA, 'ask_user', 'ask-2');
    await until(() => onA.sent.some((m) => 'id' in m), 'the elicitation request');
    const { id } = onA.sent.find((m) => 'id' in m) as JsonRpcRequest;
    await stranger.harness.dispatch.handle(
      { jsonrpc: '2.0', id, result: { action: 'accept', content: { name: 'Eve' } } },
      stranger.client,
    );
    await pause(100);
    const [asB] = cluster.sessionOn(b).map((side) => ({
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
    const c = await cluster.instance(NO_SCRIPTS);
    try {
      const [onC, onB] = cluster.sessionOn(c, b);
      await onC.harness.initialize(onC.client, { sampling: {} });
      const pending = callTool(onC, 'ask_model', 'ask-3');
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
    }
  });

  it('cancels a request running on the other instance (notifications/cancelled taken elsewhere)', async () => {
    const [onA, onB] = cluster.sessionOn(a, b);
    await onA.harness.initialize(onA.client);
    const running = callTool(onA, 'wait_for_cancel', 41);
    await pause(50);
    await onB.harness.dispatch.handle(
      { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 41, reason: 'user stop' } },
      onB.client,
    );
    await expect(running).resolves.toBeUndefined();
  });

  it('the id of a cancellation keeps its type: cancelling "42" does not stop 42', async () => {
    const [onA, onB] = cluster.sessionOn(a, b);
    const running = callTool(onA, 'wait_for_cancel', 42);
    await pause(50);
    await onB.harness.dispatch.handle(
      { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: '42' } },
      onB.client,
    );
    await pause(150);
    expect(a.dispatch.abortInFlight(new ServerShuttingDownError('test over'), onA.client.sessionId)).toBe(1);
    await expect(running).resolves.toMatchObject({ id: 42, error: { message: expect.stringContaining('test over') } });
  });

  it('a session deleted through one instance ends what another holds of it (its running request)', async () => {
    const [onA] = cluster.sessionOn(a);
    const running = callTool(onA, 'wait_for_cancel', 'held');
    await pause(50);
    b.dispatch.endSession(onA.client.sessionId, true);
    await expect(running).resolves.toBeUndefined();
  });

  it('a session that ends lets its topic go, even when its transport never detached the channel', async () => {
    const [onA] = cluster.sessionOn(a);
    const channel = a.moduleRef.get(ClusterChannel);
    const before = channel.heldSessions;
    a.dispatch.openChannel(onA.client.sessionId, () => undefined);
    expect(channel.heldSessions).toBe(before + 1);
    a.dispatch.endSession(onA.client.sessionId);
    expect(channel.heldSessions).toBe(before);
  });

  it('a client cancelling unknown requests in a loop causes at most its budget of broadcasts', async () => {
    const publish = jest.spyOn(b.moduleRef.get(MessageBus), 'publish');
    try {
      const [spammer] = cluster.sessionOn(b);
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
    const [onA] = cluster.sessionOn(a);
    const running = callTool(onA, 'wait_for_cancel', 'kept');
    await pause(50);
    b.dispatch.endSession(onA.client.sessionId);
    await pause(150);
    expect(a.dispatch.abortInFlight(new ServerShuttingDownError('test over'), onA.client.sessionId)).toBe(1);
    await expect(running).resolves.toMatchObject({ error: { message: expect.stringContaining('test over') } });
  });
});
