import { ResourceEvents } from '@myko/mcp';
import { DispatchHarness, NO_SCRIPTS } from '../../__fixtures__/dispatch.harness';
import { PIXEL, SpecPrimitives } from '../../__fixtures__/mcp-primitives.fixture';
import type { JsonRpcMessage } from '../../interfaces/json-rpc.types';

describe('custom resources (@McpResource) and subscriptions', () => {
  let harness: DispatchHarness;
  const hiding = () => harness.client(DispatchHarness.filters({ 'visibility-deny': 'secret_doc' }));

  beforeAll(async () => {
    harness = await DispatchHarness.create(NO_SCRIPTS, [SpecPrimitives]);
  });
  afterAll(() => harness.close());

  it('lists the custom static resources first, then Code Mode’s, then the schema resources', async () => {
    const { resources, nextCursor } = await harness.result('resources/list');
    expect(nextCursor).toBeUndefined();
    expect(resources.slice(0, 3)).toEqual([
      { uri: 'test://note', name: 'note', description: 'A note that changes', mimeType: 'text/plain' },
      { uri: 'test://pixel', name: 'pixel', description: 'A 1x1 PNG', mimeType: 'image/png' },
      { uri: 'test://secret', name: 'secret_doc', description: 'Hidden by the specs' },
    ]);
    expect(resources[3].uri).toBe('myko://executions');
    expect(resources[4].uri).toMatch(/^myko:\/\/schema\//);
    const hidden = await harness.result('resources/list', {}, hiding());
    expect(hidden.resources.map((r: { uri: string }) => r.uri)).not.toContain('test://secret');
  });

  it('lists the schema template and the custom templates', async () => {
    const { resourceTemplates } = await harness.result('resources/templates/list');
    expect(resourceTemplates.map((t: { uriTemplate: string }) => t.uriTemplate)).toEqual([
      'myko://schema/{kind}/{id}',
      'myko://live/{kind}/{id}{?args}',
      'test://items/{id}',
    ]);
    expect(resourceTemplates[2]).toEqual({
      uriTemplate: 'test://items/{id}',
      name: 'item',
      description: 'One item by id',
      mimeType: 'application/json',
    });
    expect(await harness.error('resources/templates/list', { cursor: 'x' })).toMatchObject({ code: -32602 });
  });

  it('reads text, binary (base64 blob) and template resources', async () => {
    expect(await harness.result('resources/read', { uri: 'test://note' })).toEqual({
      contents: [{ uri: 'test://note', mimeType: 'text/plain', text: 'first version' }],
    });
    expect(await harness.result('resources/read', { uri: 'test://pixel' })).toEqual({
      contents: [{ uri: 'test://pixel', mimeType: 'image/png', blob: PIXEL.toString('base64') }],
    });
    expect(await harness.result('resources/read', { uri: 'test://items/a%20b' })).toEqual({
      contents: [{ uri: 'test://items/a%20b', mimeType: 'application/json', text: '{"id":"a b"}' }],
    });
  });

  it.each([
    ['an unknown URI', 'test://nothing'],
    ['a template instance the handler reports missing', 'test://items/missing'],
    ['a hidden resource', 'test://secret'],
  ])('answers %s with -32002', async (_label, uri) => {
    expect(await harness.error('resources/read', { uri }, hiding())).toEqual({
      code: -32002,
      message: 'Resource not found',
      data: { uri },
    });
  });

  it('notifies a subscribed session on its channel when a plugin announces a change, until it unsubscribes', async () => {
    const client = harness.client();
    const channel: JsonRpcMessage[] = [];
    const detach = harness.dispatch.openChannel(client.sessionId, (message) => channel.push(message));
    expect(await harness.result('resources/subscribe', { uri: 'test://note' }, client)).toEqual({});
    const bystander = harness.client();
    const otherChannel: JsonRpcMessage[] = [];
    harness.dispatch.openChannel(bystander.sessionId, (message) => otherChannel.push(message));

    await harness.callTool('edit_note', {}, harness.client());
    expect(channel).toEqual([
      { jsonrpc: '2.0', method: 'notifications/resources/updated', params: { uri: 'test://note' } },
    ]);
    expect(otherChannel).toEqual([]);

    const events = harness.moduleRef.get(ResourceEvents);
    expect(events.isWatched('test://note')).toBe(true);
    expect(await harness.result('resources/unsubscribe', { uri: 'test://note' }, client)).toEqual({});
    expect(events.isWatched('test://note')).toBe(false);
    events.changed('test://note');
    expect(channel).toHaveLength(1);
    detach();
  });

  it('sends to the newest open channel only; a detached or ended session gets nothing', async () => {
    const client = harness.client();
    const older: JsonRpcMessage[] = [];
    const newer: JsonRpcMessage[] = [];
    harness.dispatch.openChannel(client.sessionId, (m) => older.push(m));
    const detachNewer = harness.dispatch.openChannel(client.sessionId, (m) => newer.push(m));
    await harness.result('resources/subscribe', { uri: 'test://items/apple' }, client);
    const events = harness.moduleRef.get(ResourceEvents);
    events.changed('test://items/apple');
    expect([older.length, newer.length]).toEqual([0, 1]);
    detachNewer();
    detachNewer();
    events.changed('test://items/apple');
    expect([older.length, newer.length]).toEqual([1, 1]);
    expect(events.isWatched('test://items/apple')).toBe(true);
    harness.dispatch.endSession(client.sessionId);
    expect(events.isWatched('test://items/apple')).toBe(false);
    events.changed('test://items/apple');
    expect(older).toHaveLength(1);
  });

  it('refuses to subscribe to an unknown or hidden URI with -32002, and needs a uri', async () => {
    expect(await harness.error('resources/subscribe', { uri: 'test://secret' }, hiding())).toMatchObject({
      code: -32002,
    });
    expect(await harness.error('resources/subscribe', { uri: 'myko://schema/query/Nope' })).toMatchObject({
      code: -32002,
    });
    expect(await harness.result('resources/subscribe', { uri: 'myko://schema/query/GetOrders' })).toEqual({});
    expect(await harness.error('resources/subscribe', {})).toMatchObject({ code: -32602 });
    expect(await harness.result('resources/unsubscribe', { uri: 'never://subscribed' })).toEqual({});
  });
});
