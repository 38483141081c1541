import { DispatchHarness, type Json } from '../../__fixtures__/dispatch.harness';
import { SpecPrimitives } from '../../__fixtures__/mcp-primitives.fixture';
import type { ClientContext } from '../../interfaces/client-context.interface';
import type { JsonRpcNotification, JsonRpcRequest } from '../../interfaces/json-rpc.types';
import type { RequestContext } from '../../interfaces/request-context.interface';
import { SessionStore } from '../session/session.store';
import { ClientRequestSender } from './client-request.sender';

type Outgoing = JsonRpcNotification | JsonRpcRequest;

/** Resolves with the first message dispatch sends that satisfies `match`. */
function nextSent(sent: Outgoing[], match: (message: Outgoing) => boolean): Promise<Outgoing> {
  return new Promise((resolve) => {
    const poll = () => {
      const found = sent.find(match);
      if (found) resolve(found);
      else setTimeout(poll, 2);
    };
    poll();
  });
}

const isRequest = (message: Outgoing): message is JsonRpcRequest => 'id' in message;

describe('requests to the client: sampling and elicitation', () => {
  let harness: DispatchHarness;

  beforeAll(async () => {
    harness = await DispatchHarness.create({ clientRequestTimeoutMs: 200 }, [SpecPrimitives]);
  });
  afterAll(() => harness.close());

  async function connected(
    capabilities: Record<string, unknown>,
  ): Promise<{ client: ClientContext; sent: Outgoing[] }> {
    const sent: Outgoing[] = [];
    const client = harness.client(undefined, sent);
    await harness.initialize(client, capabilities);
    return { client, sent };
  }

  function call(client: ClientContext, name: string, id = `call-${name}`): Promise<Json> {
    return harness.dispatch.handle(
      { jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: {} } },
      client,
    ) as Promise<Json>;
  }

  it('sends sampling/createMessage on the request stream and routes the response back by id', async () => {
    const { client, sent } = await connected({ sampling: {} });
    const pending = call(client, 'ask_model');
    const request = (await nextSent(sent, isRequest)) as JsonRpcRequest;
    expect(request).toMatchObject({
      jsonrpc: '2.0',
      id: 'myko-srv-1',
      method: 'sampling/createMessage',
      params: { maxTokens: 10, messages: [{ role: 'user', content: { type: 'text', text: 'Say hi' } }] },
    });
    const routed = await harness.dispatch.handle(
      {
        jsonrpc: '2.0',
        id: request.id,
        result: { role: 'assistant', content: { type: 'text', text: 'hi!' }, model: 'm' },
      },
      client,
    );
    expect(routed).toBeUndefined();
    expect((await pending).result.content[0].text).toBe('model said: hi!');
  });

  it('numbers server requests per session and sends elicitation/create', async () => {
    const { client, sent } = await connected({ elicitation: {} });
    const pending = call(client, 'ask_user');
    const request = (await nextSent(sent, isRequest)) as JsonRpcRequest;
    expect(request).toMatchObject({
      id: 'myko-srv-1',
      method: 'elicitation/create',
      params: { message: 'Your name?' },
    });
    await harness.dispatch.handle(
      { jsonrpc: '2.0', id: request.id, result: { action: 'accept', content: { name: 'Ada' } } },
      client,
    );
    expect((await pending).result.content[0].text).toBe('accept: {"name":"Ada"}');
  });

  it('refuses with a clear tool error when the client did not declare the capability, sending nothing', async () => {
    const { client, sent } = await connected({});
    const sampling = await call(client, 'ask_model');
    expect(sampling.result).toMatchObject({
      isError: true,
      content: [{ text: expect.stringContaining('did not declare the `sampling` capability') }],
    });
    const formOnlyUrl = await connected({ elicitation: { url: {} } });
    const elicitation = await call(formOnlyUrl.client, 'ask_user');
    expect(elicitation.result.content[0].text).toContain('`elicitation.form`');
    expect([...sent, ...formOnlyUrl.sent].filter(isRequest)).toEqual([]);
  });

  it('surfaces a JSON-RPC error answer from the client as a tool error', async () => {
    const { client, sent } = await connected({ sampling: {} });
    const pending = call(client, 'ask_model');
    const request = (await nextSent(sent, isRequest)) as JsonRpcRequest;
    await harness.dispatch.handle(
      { jsonrpc: '2.0', id: request.id, error: { code: -1, message: 'User rejected sampling' } },
      client,
    );
    expect((await pending).result.content[0].text).toBe(
      'sampling/createMessage failed: the client answered -1 User rejected sampling',
    );
  });

  it('times out, tells the client with notifications/cancelled, and ignores the late answer', async () => {
    const { client, sent } = await connected({ sampling: {} });
    const result = await call(client, 'ask_model');
    expect(result.result.content[0].text).toBe('sampling/createMessage failed: no answer within 200 ms');
    expect(sent.at(-1)).toEqual({
      jsonrpc: '2.0',
      method: 'notifications/cancelled',
      params: { requestId: 'myko-srv-1', reason: 'no answer within 200 ms' },
    });
    const late = {
      jsonrpc: '2.0',
      id: 'myko-srv-1',
      result: { role: 'assistant', content: { type: 'text', text: 'x' } },
    };
    await expect(harness.dispatch.handle(late, client)).resolves.toBeUndefined();
  });

  it('cancels the pending client request when the tool call is cancelled', async () => {
    const { client, sent } = await connected({ elicitation: {} });
    const pending = call(client, 'ask_user', 'to-cancel');
    await nextSent(sent, isRequest);
    await harness.dispatch.handle(
      { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'to-cancel' } },
      client,
    );
    await expect(pending).resolves.toBeUndefined();
    expect(await nextSent(sent, (m) => m.method === 'notifications/cancelled')).toMatchObject({
      params: { requestId: 'myko-srv-1', reason: 'the request was cancelled' },
    });
  });

  it('does not route a response to another session', async () => {
    const first = await connected({ sampling: {} });
    const other = await connected({ sampling: {} });
    const pending = call(first.client, 'ask_model');
    const request = (await nextSent(first.sent, isRequest)) as JsonRpcRequest;
    const answer = { role: 'assistant', content: { type: 'text', text: 'from the other session' }, model: 'm' };
    await harness.dispatch.handle({ jsonrpc: '2.0', id: request.id, result: answer }, other.client);
    expect((await pending).result.content[0].text).toContain('no answer within');
  });

  it('ignores an answer to a question not yet asked, even under the id it will have (the 2025 side of issue 39)', async () => {
    const { client, sent } = await connected({ elicitation: {} });
    const early = { action: 'accept', content: { name: 'unasked' } };
    expect(await harness.dispatch.handle({ jsonrpc: '2.0', id: 'myko-srv-1', result: early }, client)).toBeUndefined();
    const pending = call(client, 'ask_user');
    const request = (await nextSent(sent, isRequest)) as JsonRpcRequest;
    expect(request.id).toBe('myko-srv-1');
    expect((await pending).result.content[0].text).toContain('no answer within');
  });

  it('rejects pending client requests when the session ends', async () => {
    const { client, sent } = await connected({ sampling: {} });
    const session = harness.moduleRef.get(SessionStore).get(client.sessionId);
    const request: RequestContext = {
      client,
      session,
      id: 'direct',
      signal: new AbortController().signal,
      progress: () => undefined,
    };
    const waiting = harness.moduleRef.get(ClientRequestSender).send(request, 'sampling/createMessage', {});
    await nextSent(sent, isRequest);
    expect(session.pending.size).toBe(1);
    harness.dispatch.endSession(client.sessionId);
    await expect(waiting).rejects.toThrow('sampling/createMessage failed: the session ended');
  });
});
