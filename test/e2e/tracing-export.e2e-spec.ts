import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../helpers/oauth-fixtures';
import { killServeProcess, type ServeProcess, startServeProcess } from '../helpers/serve-process';

jest.setTimeout(120_000);

/** Resolves once `output()` matches `pattern`, polling; rejects with the output after `timeoutMs`. */
async function waitFor(output: () => string, pattern: RegExp, timeoutMs: number): Promise<RegExpMatchArray> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const match = output().match(pattern);
    if (match) return match;
    if (Date.now() > deadline) throw new Error(`no ${pattern} within ${timeoutMs} ms in:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** A few MCP requests, each a traced server span. */
async function traffic(origin: string): Promise<void> {
  for (let id = 1; id <= 3; id++) {
    await fetch(`${origin}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id,
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'probe', version: '1' } },
      }),
    });
  }
}

/** An OTLP/HTTP collector that accepts everything (an empty protobuf answer is a full success). */
function startCollector(port: number): Promise<Server> {
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => response.writeHead(200, { 'content-type': 'application/x-protobuf' }).end());
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

describe('tracing to an OTLP collector that is down', () => {
  let dir: string;
  let server: ServeProcess | undefined;
  let collector: Server | undefined;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'myko-otlp-'));
  });
  afterAll(async () => {
    killServeProcess(server);
    await new Promise((done) => (collector ? collector.close(done) : done(undefined)));
    rmSync(dir, { recursive: true, force: true });
  });

  it('warns once that spans are dropped, naming the endpoint, and says so when export works again', async () => {
    const port = await freePort();
    const endpoint = `http://127.0.0.1:${port}/v1/traces`;
    const path = join(dir, 'tracing.json');
    writeFileSync(
      path,
      JSON.stringify({ auth: { required: false }, observability: { tracing: { exporter: 'otlp', endpoint } } }),
    );
    server = await startServeProcess(['--config', path]);
    const { origin, output } = server;
    await traffic(origin);
    const warning = new RegExp(`WARN \\[Tracing\\] cannot export spans to ${endpoint} \\((.*)\\): \\d+ spans? dropped`);
    await waitFor(output, warning, 60_000);
    await traffic(origin);
    collector = await startCollector(port);
    await traffic(origin);
    await waitFor(output, new RegExp(`LOG \\[Tracing\\] exporting spans to ${endpoint} again`), 60_000);
    expect(output().match(/cannot export spans/g)).toHaveLength(1);
  });
});
