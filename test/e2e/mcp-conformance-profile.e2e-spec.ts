import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  CreateMessageRequestSchema,
  ElicitRequestSchema,
  LoggingMessageNotificationSchema,
  ResourceUpdatedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { type TextBlock, textOf as text } from '../helpers/execute-tool';
import { clientTransport, useSession } from '../helpers/mcp-client';
import { type TestServer, useTestServer } from '../helpers/test-server';

jest.setTimeout(60_000);

type Transport = 'stdio' | 'ws';

const FIXTURE_TOOLS = [
  'test_simple_text',
  'test_image_content',
  'test_audio_content',
  'test_embedded_resource',
  'test_multiple_content_types',
  'test_error_handling',
  'json_schema_2020_12_tool',
  'test_tool_with_logging',
  'test_tool_with_progress',
  'test_sampling',
  'test_elicitation',
  'test_elicitation_sep1034_defaults',
  'test_elicitation_sep1330_enums',
  'test_reconnection',
];

/**
 * An SDK client of the conformance profile. With `answering`, it declares sampling and elicitation
 * and answers them like a host would; the requests it received are recorded.
 */
async function connect(transport: Transport, server: TestServer, answering = true) {
  const capabilities = answering ? { sampling: {}, elicitation: {} } : {};
  const client = new Client({ name: 'myko-e2e-conformance', version: '1.0.0' }, { capabilities });
  const received: { method: string; params: Record<string, unknown> }[] = [];
  const logs: unknown[] = [];
  const updates: string[] = [];
  if (answering) {
    client.setRequestHandler(CreateMessageRequestSchema, (request) => {
      received.push(request);
      const [message] = request.params.messages;
      const content = message.content as TextBlock;
      const text = content.type === 'text' ? content.text : '';
      return { role: 'assistant', content: { type: 'text', text: `echo(${text})` }, model: 'e2e-model' };
    });
    client.setRequestHandler(ElicitRequestSchema, (request) => {
      received.push(request);
      return { action: 'accept', content: { username: 'ada', email: 'ada@example.com' } };
    });
  }
  client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => {
    logs.push(n.params.data);
  });
  client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => {
    updates.push(n.params.uri);
  });
  await client.connect(clientTransport(transport, server, ['--plugin-set', 'conformance']));
  return { client, received, logs, updates };
}

const server = useTestServer({ serverProfile: 'conformance' });

describe.each<Transport>(['stdio', 'ws'])('the conformance profile over %s', (transport) => {
  const session = useSession(() => connect(transport, server()));

  it('adds the fixtures to search and execute and declares prompts', async () => {
    const { tools } = await session().client.listTools();
    const names = tools.map((tool) => tool.name);
    expect(names.slice(0, 2)).toEqual(['search', 'execute']);
    expect(names).toEqual(expect.arrayContaining(FIXTURE_TOOLS));
    expect(session().client.getServerCapabilities()).toMatchObject({ prompts: { listChanged: false } });
    const raw = tools.find((tool) => tool.name === 'json_schema_2020_12_tool');
    expect(raw?.inputSchema).toMatchObject({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      $defs: { address: expect.any(Object) },
      additionalProperties: false,
    });
  });

  it('completes a sampling round trip: the request reaches this client and its answer the tool', async () => {
    const result = await session().client.callTool({ name: 'test_sampling', arguments: { prompt: 'What is 2+2?' } });
    expect(text(result)).toBe('LLM response: echo(What is 2+2?)');
    expect(session().received.at(-1)).toMatchObject({
      method: 'sampling/createMessage',
      params: { maxTokens: 100, messages: [{ role: 'user', content: { type: 'text', text: 'What is 2+2?' } }] },
    });
  });

  it('completes an elicitation round trip', async () => {
    const result = await session().client.callTool({
      name: 'test_elicitation',
      arguments: { message: 'Who are you?' },
    });
    expect(text(result)).toBe('User response: action=accept, content={"username":"ada","email":"ada@example.com"}');
    expect(session().received.at(-1)).toMatchObject({
      method: 'elicitation/create',
      params: { message: 'Who are you?', requestedSchema: { required: ['username', 'email'] } },
    });
  });

  it('reports a custom tool progress 0, 50, 100 before the result', async () => {
    const progress: number[] = [];
    const result = await session().client.callTool({ name: 'test_tool_with_progress', arguments: {} }, undefined, {
      onprogress: (p) => progress.push(p.progress),
    });
    expect(text(result)).toBe('Progress test completed');
    expect(progress).toEqual([0, 50, 100]);
  });

  it('sends a custom tool log messages while it runs', async () => {
    session().logs.length = 0;
    await session().client.callTool({ name: 'test_tool_with_logging', arguments: {} });
    expect(session().logs).toEqual(['Tool execution started', 'Tool processing data', 'Tool execution completed']);
  });

  it('notifies a subscription to test://watched-resource when a tool changes it', async () => {
    await session().client.subscribeResource({ uri: 'test://watched-resource' });
    await session().client.callTool({ name: 'test_update_watched_resource', arguments: {} });
    const until = Date.now() + 3_000;
    while (session().updates.length === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    expect(session().updates).toEqual(['test://watched-resource']);
    const read = await session().client.readResource({ uri: 'test://watched-resource' });
    expect((read.contents[0] as { text: string }).text).toMatch(/version [2-9]/);
  });

  it('serves the fixture prompts and resources', async () => {
    const prompt = await session().client.getPrompt({
      name: 'test_prompt_with_arguments',
      arguments: { arg1: 'hello', arg2: 'world' },
    });
    expect(prompt.messages[0].content).toEqual({
      type: 'text',
      text: "Prompt with arguments: arg1='hello', arg2='world'",
    });
    const binary = await session().client.readResource({ uri: 'test://static-binary' });
    expect(binary.contents[0]).toMatchObject({ mimeType: 'image/png', blob: expect.any(String) });
    const completion = await session().client.complete({
      ref: { type: 'ref/prompt', name: 'test_prompt_with_arguments' },
      argument: { name: 'arg1', value: 'te' },
    });
    expect(completion.completion.values).toEqual(['test', 'testing', 'tested']);
  });
});

describe.each<Transport>(['stdio', 'ws'])('a client without sampling or elicitation over %s', (transport) => {
  const session = useSession(() => connect(transport, server(), false));

  it('is never sent those requests: the tool fails with a clear message', async () => {
    const sampling = await session().client.callTool({ name: 'test_sampling', arguments: { prompt: 'hi' } });
    expect(sampling.isError).toBe(true);
    expect(text(sampling)).toContain('did not declare the `sampling` capability');
    const elicitation = await session().client.callTool({ name: 'test_elicitation', arguments: { message: 'hi' } });
    expect(text(elicitation)).toContain('did not declare the `elicitation` capability');
  });
});
