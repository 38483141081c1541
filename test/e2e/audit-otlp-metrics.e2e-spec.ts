import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateApiKey, hashApiKey } from '@myko/access';
import { createAppConfig } from '../../src/config/app.config';
import { parsePrometheusText, promtoolCheck, seriesValue } from '../helpers/prometheus-text';
import { INITIALIZE, postMcp } from '../helpers/raw-mcp';
import { startTestServer, type TestServer } from '../helpers/test-server';

jest.setTimeout(60_000);

/** A collector that refuses every POST: each batch fails, is retried once, then dropped. */
async function startRefusingCollector(): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(503).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

describe('/metrics counts the audit lines the OpenTelemetry export dropped', () => {
  let dir: string;
  let server: TestServer;
  let collector: Awaited<ReturnType<typeof startRefusingCollector>>;

  beforeAll(async () => {
    collector = await startRefusingCollector();
    dir = mkdtempSync(join(tmpdir(), 'myko-audit-otlp-metrics-'));
    const configPath = join(dir, 'myko.config.json');
    const config = {
      auth: { required: true },
      profiles: { partners: { keys: [hashApiKey(generateApiKey())] } },
      audit: { path: 'audit.log', otlp: { endpoint: collector.url } },
      observability: { metrics: { allow: ['127.0.0.0/8', '::1'] } },
    };
    writeFileSync(configPath, JSON.stringify(config));
    server = await startTestServer(
      createAppConfig('serve', { host: '127.0.0.1', port: 0, databasePath: ':memory:', configPath }, {}),
    );
  });
  afterAll(async () => {
    await server?.close();
    await new Promise((resolve) => collector?.server.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  async function dropped(): Promise<number> {
    const res = await fetch(new URL('/metrics', server.httpUrl));
    const text = await res.text();
    const promtool = promtoolCheck(text);
    if (promtool) expect(promtool).toEqual({ status: 0, output: '' });
    const samples = parsePrometheusText(text);
    expect(samples.map((sample) => sample.name)).toContain('myko_audit_otlp_dropped_total');
    return seriesValue(samples, 'myko_audit_otlp_dropped_total');
  }

  it('shows 0 before any loss, then the lines lost to a collector that refuses every POST', async () => {
    expect(await dropped()).toBe(0);
    const refused = await postMcp(server.httpUrl, INITIALIZE);
    expect(refused.status).toBe(401);
    // The 401's guard line: its POST fails, its retry fails, it is dropped.
    const end = Date.now() + 20_000;
    let last = await dropped();
    while (last === 0 && Date.now() < end) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      last = await dropped();
    }
    expect(last).toBe(1);
  });
});
