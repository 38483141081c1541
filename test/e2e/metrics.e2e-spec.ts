import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { callText, KEYS, startAccessServer, writeAccessConfig } from '../helpers/access-fixtures';
import { connectClient } from '../helpers/mcp-client';
import { parsePrometheusText, promtoolCheck, type Sample, seriesValue } from '../helpers/prometheus-text';
import { releaseAll } from '../helpers/releases';
import { startTestServer, type TestServer } from '../helpers/test-server';

jest.setTimeout(120_000);

const fixture = writeAccessConfig({
  observability: { metrics: { allow: ['127.0.0.0/8', '::1'] } },
  // One CPU-limit stop starts a cooldown, so a refusal can be seen without burning the machine.
  sandbox: { cpuTimeMs: 200, abuseBackoff: { strikes: 1, windowMs: 60_000, cooldownMs: 60_000 } },
});
let server: TestServer;
let client: Client;

beforeAll(async () => {
  server = await startAccessServer(fixture.path);
  const headers = { Authorization: `Bearer ${KEYS.ops}` };
  client = await connectClient(new StreamableHTTPClientTransport(server.httpUrl, { requestInit: { headers } }));
});

afterAll(() =>
  releaseAll(
    () => client?.close(),
    () => server?.close(),
  ),
);

async function scrape(target = server): Promise<{ status: number; text: string; type: string | null }> {
  const res = await fetch(new URL('/metrics', target.httpUrl));
  return { status: res.status, text: await res.text(), type: res.headers.get('content-type') };
}

/** Every scrape is checked: strictly here, and by promtool when it is installed. */
async function samples(): Promise<Sample[]> {
  const { status, text } = await scrape();
  expect(status).toBe(200);
  const promtool = promtoolCheck(text);
  if (promtool) expect(promtool).toEqual({ status: 0, output: '' });
  return parsePrometheusText(text);
}

const TOOLS_CALL_OK = { method: 'tools/call', transport: 'http', era: '2025-11-25', outcome: 'ok' };

describe('GET /metrics', () => {
  it('is valid Prometheus text (strict parser, and promtool check metrics when installed)', async () => {
    const { text, type } = await scrape();
    expect(type).toMatch(/^text\/plain; version=0\.0\.4/);
    const parsed = parsePrometheusText(text);
    expect(parsed.map((s) => s.name)).toEqual(expect.arrayContaining(['myko_sessions', 'process_cpu_seconds_total']));
    const promtool = promtoolCheck(text);
    if (promtool) expect(promtool).toEqual({ status: 0, output: '' });
  });

  it('counts requests by method, transport, era and outcome, with latency', async () => {
    const before = await samples();
    await client.callTool({ name: 'search', arguments: { query: 'order' } });
    await client.callTool({ name: 'search', arguments: { query: 'order' } });
    await client.callTool({ name: 'no_such_tool', arguments: {} }).catch(() => undefined);
    const after = await samples();
    const era = TOOLS_CALL_OK.era;
    expect(seriesValue(after, 'myko_mcp_requests_total', TOOLS_CALL_OK)).toBe(
      seriesValue(before, 'myko_mcp_requests_total', TOOLS_CALL_OK) + 2,
    );
    const failed = { method: 'tools/call', transport: 'http', era };
    const errors = (s: Sample[]) =>
      seriesValue(s, 'myko_mcp_requests_total', { ...failed, outcome: 'error' }) +
      seriesValue(s, 'myko_mcp_requests_total', { ...failed, outcome: 'tool_error' });
    expect(errors(after)).toBe(errors(before) + 1);
    const count = { method: 'tools/call', transport: 'http' };
    expect(seriesValue(after, 'myko_mcp_request_duration_seconds_count', count)).toBe(
      seriesValue(before, 'myko_mcp_request_duration_seconds_count', count) + 3,
    );
    expect(seriesValue(after, 'myko_sessions', { transport: 'http' })).toBeGreaterThanOrEqual(1);
  });

  it('labels a method the server does not know as unknown, never by its name', async () => {
    const res = await fetch(server.httpUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        authorization: `Bearer ${KEYS.ops}`,
        'mcp-session-id': client.transport?.sessionId ?? '',
        'mcp-protocol-version': '2025-11-25',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 99, method: 'made/up-method-x1' }),
    });
    await res.text();
    const { text } = await scrape();
    expect(text).not.toContain('made/up-method-x1');
    expect(
      seriesValue(parsePrometheusText(text), 'myko_mcp_requests_total', { method: 'unknown', outcome: 'error' }),
    ).toBe(1);
  });

  it('counts executes by outcome, operation calls, a cooldown of the abuse backoff and its refusal', async () => {
    const before = await samples();
    await callText(client, 'execute', { code: `return (await myko.query('ListOrders', { limit: 1 })).items.length;` });
    await callText(client, 'execute', { code: `throw new Error('nope')` });
    await callText(client, 'execute', { code: 'while (true) {}' });
    const refused = await callText(client, 'execute', { code: 'return 1' });
    expect(refused.isError).toBe(true);
    const after = await samples();
    for (const outcome of ['ok', 'script', 'cpu', 'cooldown']) {
      expect([outcome, seriesValue(after, 'myko_execute_total', { outcome })]).toEqual([
        outcome,
        seriesValue(before, 'myko_execute_total', { outcome }) + 1,
      ]);
    }
    // The cooldown is counted once, at its start, at the level that earned it; the refusal is not a new one.
    const cooled = { level: 'conversation', cause: 'cpu' };
    expect(seriesValue(after, 'myko_execute_cooldowns_total', cooled)).toBe(
      seriesValue(before, 'myko_execute_cooldowns_total', cooled) + 1,
    );
    expect(seriesValue(after, 'myko_execute_duration_seconds_count', { result: 'refused' })).toBe(
      seriesValue(before, 'myko_execute_duration_seconds_count', { result: 'refused' }) + 1,
    );
    expect(seriesValue(after, 'myko_operation_calls_total', { kind: 'query', outcome: 'ok' })).toBe(
      seriesValue(before, 'myko_operation_calls_total', { kind: 'query', outcome: 'ok' }) + 1,
    );
    expect(seriesValue(after, 'myko_execute_running')).toBe(0);
  });
});

describe('the metrics allow-list and default', () => {
  it('refuses an address outside the allow-list with 403', async () => {
    const other = writeAccessConfig({ observability: { metrics: { allow: ['10.0.0.0/8'] } } });
    const denied = await startAccessServer(other.path);
    try {
      const { status, text } = await scrape(denied);
      expect(status).toBe(403);
      expect(text).not.toContain('myko_');
    } finally {
      await denied.close();
    }
  });

  it('serves no /metrics without the observability section', async () => {
    const plain = await startTestServer();
    try {
      expect((await scrape(plain)).status).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
