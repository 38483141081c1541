import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateApiKey, hashApiKey } from '@myko/access';
import { createAppConfig } from '../../src/config/app.config';
import { auditLines } from '../helpers/access-fixtures';
import { eventually, INITIALIZE, postMcp } from '../helpers/raw-mcp';
import { startTestServer, type TestServer } from '../helpers/test-server';

const KEY = generateApiKey();
const COLLECTOR_KEY = 'collector-secret';

// biome-ignore lint/suspicious/noExplicitAny: the specs read untyped JSON bodies
type Json = any;

/** A local OTLP/HTTP collector: keeps what is POSTed to /v1/logs; answers its first POST 503 (a retry must follow). */
async function startCollector(): Promise<{
  server: Server;
  url: string;
  posts: Json[];
  headers: IncomingHttpHeaders[];
}> {
  const posts: Json[] = [];
  const headers: IncomingHttpHeaders[] = [];
  let seen = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.url !== '/v1/logs' || req.method !== 'POST') return void res.writeHead(404).end();
      if (seen++ === 0) return void res.writeHead(503).end();
      posts.push(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      headers.push(req.headers);
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, posts, headers };
}

describe('audit.otlp: every audit line also shipped as an OpenTelemetry log record', () => {
  let dir: string;
  let auditPath: string;
  let server: TestServer;
  let collector: Awaited<ReturnType<typeof startCollector>>;

  const records = (): Json[] =>
    collector.posts.flatMap((post) =>
      post.resourceLogs.flatMap((resource: Json) => resource.scopeLogs.flatMap((scope: Json) => scope.logRecords)),
    );

  beforeAll(async () => {
    collector = await startCollector();
    dir = mkdtempSync(join(tmpdir(), 'myko-audit-otlp-'));
    auditPath = join(dir, 'audit.log');
    const configPath = join(dir, 'myko.config.json');
    const config = {
      auth: { required: true },
      profiles: { partners: { keys: [hashApiKey(KEY)] } },
      // The collector's key comes from the environment, as a deployment's secrets do.
      audit: {
        path: 'audit.log',
        otlp: { endpoint: collector.url, headers: { 'X-Collector-Key': { fromEnv: 'COLLECTOR_KEY' } } },
      },
    };
    writeFileSync(configPath, JSON.stringify(config));
    server = await startTestServer(
      createAppConfig('serve', { host: '127.0.0.1', port: 0, databasePath: ':memory:', configPath }, { COLLECTOR_KEY }),
    );
  });
  afterAll(async () => {
    await server?.close();
    await new Promise((resolve) => collector?.server.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  it('POSTs the lines as OTLP/HTTP JSON log records (retrying a failed POST once), the line as body', async () => {
    const refused = await postMcp(server.httpUrl, INITIALIZE);
    expect(refused.status).toBe(401);

    expect(await eventually(() => records().length > 0, 15_000)).toBe(true);
    const written = auditLines(auditPath).find((line) => line.kind === 'guard' && line.status === 401);
    expect(written).toBeDefined();
    const [post] = collector.posts;
    expect(post.resourceLogs[0].resource.attributes).toContainEqual({
      key: 'service.name',
      value: { stringValue: 'myko-nest' },
    });
    const record = records().find((shipped) => JSON.parse(shipped.body.stringValue).status === 401);
    expect(JSON.parse(record.body.stringValue)).toEqual(written);
    expect(record).toMatchObject({
      timeUnixNano: expect.stringMatching(/^\d{19}$/),
      severityNumber: 13,
      severityText: 'WARN',
    });
    expect(record.attributes).toEqual(
      expect.arrayContaining([
        { key: 'myko.audit.kind', value: { stringValue: 'guard' } },
        { key: 'myko.audit.principal', value: { stringValue: 'address:127.0.0.1' } },
        { key: 'myko.audit.outcome', value: { stringValue: 'refused' } },
      ]),
    );
    expect(collector.headers[0]['x-collector-key']).toBe(COLLECTOR_KEY);
  });
});
