import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { accessTransport, callText, startAccessServer, writeAccessConfig } from '../helpers/access-fixtures';
import { connectClient } from '../helpers/mcp-client';
import { readDocs } from '../helpers/readme-example';
import { releaseAll, useReleases } from '../helpers/releases';
import { startTestServer, type TestServer, typeChecked } from '../helpers/test-server';

const README = readDocs();

/** Every ```js block of the README and docs/, with the sentence before it (which says who runs it) and the ```text answer after it. */
function readmeScripts(): { code: string; before: string; answer?: string }[] {
  const blocks = [...README.matchAll(/([^\n]*)\n\n```js\n([\s\S]*?)```\n(?:\n```text\n([\s\S]*?)```)?/g)];
  return blocks.map(([, before, code, answer]) => ({ code, before, answer }));
}

/** The `execute` code of the README's curl session, decoded from its JSON body. */
function curlScripts(): string[] {
  return [
    ...README.matchAll(/-d '(\{"jsonrpc":"2\.0","id":\d+,"method":"tools\/call","params":\{"name":"execute".*?)'$/gm),
  ].map(([, body]) => JSON.parse(body).params.arguments.code);
}

/** Lines `Example: …` of a tool description. */
const examplesOf = (description = '') =>
  description
    .split('\n')
    .filter((line) => line.startsWith('Example: '))
    .map((line) => line.slice('Example: '.length));

/** The calls a description shows inline, `e.g. myko.query('ListOrders', { status: 'paid' })`, as scripts that make them. */
const exampleCallsOf = (description = '') =>
  [...description.matchAll(/e\.g\. (myko\.\w+\('\w+', \{[^}]*\}\))/g)].map(
    ([, call]) => `return (await ${call}) !== undefined;`,
  );

/** The code examples of the tool descriptions and the README, run as written against the example domain. */
describe('documented examples', () => {
  let server: TestServer;
  let client: Client;

  beforeAll(async () => {
    server = await startTestServer(typeChecked());
    client = await connectClient(new StreamableHTTPClientTransport(server.httpUrl));
  });
  afterAll(() =>
    releaseAll(
      () => client.close(),
      () => server.close(),
    ),
  );
  // The access server and clients a test starts are closed after it, passed or failed.
  const opened = useReleases();
  const close = (c: Client) => c.close();

  it('initialize instructions say how the two tools work together and what the example data covers', () => {
    const instructions = client.getInstructions() ?? '';
    expect(instructions).toContain('Two turns: one search with queries');
    expect(instructions).toContain('one execute script that chains the calls');
    expect(instructions).toContain('placed from 2025-04-02 to 2025-06-30 (UTC)');
    expect(instructions).toContain('BER (Berlin)');
  });

  it('runs every example of the tool descriptions and each succeeds', async () => {
    const { tools } = await client.listTools();
    const search = examplesOf(tools.find((tool) => tool.name === 'search')?.description);
    const executeDescription = tools.find((tool) => tool.name === 'execute')?.description;
    const execute = examplesOf(executeDescription);
    const calls = exampleCallsOf(executeDescription);
    expect(search.length + execute.length + calls.length).toBeGreaterThanOrEqual(1);
    for (const args of search) {
      const result = await client.callTool({ name: 'search', arguments: JSON.parse(args) });
      const found = (result.structuredContent as { operations: unknown[] } | undefined)?.operations ?? [];
      expect({ args, isError: Boolean(result.isError), found: found.length > 0 }).toEqual({
        args,
        isError: false,
        found: true,
      });
    }
    for (const code of execute) {
      const result = await callText(client, 'execute', { code });
      expect({ code, isError: result.isError }).toEqual({ code, isError: false });
      expect(JSON.parse(result.text.split('\n')[0])).toEqual(expect.any(Number));
    }
    for (const code of calls) {
      const result = await callText(client, 'execute', { code });
      expect({ code, isError: result.isError, answer: result.text.split('\n')[0] }).toEqual({
        code,
        isError: false,
        answer: 'true',
      });
    }
  });

  it('runs the scripts of the README and docs/ as written: each succeeds, or answers what the README shows', async () => {
    // The README shows a type check's refusal: the product's default mode, which test servers leave off unless named.
    const fixture = writeAccessConfig({ typeCheck: 'strict' });
    const access = opened(await startAccessServer(fixture.path), (server) => server.close());
    const target = { server: access, configPath: fixture.path };
    const support = opened(await connectClient(accessTransport('http', target, { profile: 'support' })), close);
    const ops = opened(await connectClient(accessTransport('http', target, { profile: 'ops' })), close);
    const scripts = readmeScripts();
    expect(scripts.length).toBeGreaterThanOrEqual(3);
    for (const { code, before, answer } of scripts) {
      const runner = /support agent/.test(before) ? support : /operations agent/.test(before) ? ops : client;
      const result = await callText(runner, 'execute', { code });
      if (answer === undefined) {
        expect({ code, isError: result.isError, text: result.isError ? result.text : '' }).toEqual({
          code,
          isError: false,
          text: '',
        });
      } else {
        // The documented failure: its first two lines (outcome, error) exactly.
        const [outcome, error] = answer.split('\n');
        expect(`isError: ${result.text}`.split('\n').slice(0, 2)).toEqual([outcome, error]);
      }
    }
    for (const code of curlScripts()) {
      const result = await callText(client, 'execute', { code });
      expect({ code, isError: result.isError }).toEqual({ code, isError: false });
    }
  });
});
