import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { LoggerService } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { createHttpApp } from '../../src/bootstrap/http-app.factory';
import { createAppConfig } from '../../src/config/app.config';
import { connectClient } from '../helpers/mcp-client';
import { releaseAll } from '../helpers/releases';

jest.setTimeout(60_000);

const TRACE_ID = '0af7651916cd43dd8448eb211c80319c';
/** An argument value: it must reach no log line. */
const MARKER = 'Marker Argument Value';
const TAG = /^\[request=([0-9a-f]{8}-[0-9a-z]+)(?: trace=([0-9a-f]{32}))?\] /;

interface Served {
  app: NestExpressApplication;
  client: Client;
  auditPath: string;
}

/** The server log (Nest's logger is process-wide: both apps write here). */
const logged: string[] = [];
const keep = (m: unknown) => logged.push(String(m));
const logger: LoggerService = { log: keep, error: keep, warn: keep, debug: keep, verbose: keep };

/** The `serve` app with a file audit log of every operation, tracing on or off, its log captured. */
async function serve(tracing: boolean): Promise<Served> {
  const dir = mkdtempSync(join(tmpdir(), 'myko-reqlog-'));
  const configPath = join(dir, 'myko.config.json');
  const observability = tracing ? { observability: { tracing: { exporter: 'none' } } } : {};
  writeFileSync(
    configPath,
    JSON.stringify({ auth: { required: false }, audit: { path: 'audit.log', queries: true }, ...observability }),
  );
  const config = createAppConfig('serve', { host: '127.0.0.1', port: 0, databasePath: ':memory:', configPath }, {});
  const app = await createHttpApp(config, logger);
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as { port: number };
  const client = await connectClient(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp`))).catch(
    async (error: unknown) => {
      await app.close();
      throw error;
    },
  );
  return { app, client, auditPath: join(dir, 'audit.log') };
}

const CREATE = (email: string) => `
  const made = await myko.command('CreateCustomer', { name: '${MARKER}', email: '${email}', segment: 'smb', city: 'Berlin' });
  await myko.query('ListOrders', { limit: 1 });
  return made.id;`;

function auditLines(path: string): Array<Record<string, unknown>> {
  return readFileSync(path, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
}

describe('request ids in the logs', () => {
  let traced: Served;
  let plain: Served;
  beforeAll(async () => {
    traced = await serve(true);
    plain = await serve(false);
  });
  afterAll(() => releaseAll(...[traced, plain].flatMap((s) => [() => s?.client.close(), () => s?.app.close()])));

  it('tags the operation log and the audit lines of an execute with its request id and trace id', async () => {
    const result = await traced.client.callTool({
      name: 'execute',
      arguments: { code: CREATE('ids.traced@example.com') },
      _meta: { traceparent: `00-${TRACE_ID}-00f067aa0ba902b7-01` },
    });
    if (result.isError) throw new Error(JSON.stringify(result.content));
    expect(result.isError).toBeFalsy();
    const line = logged.find((m) => m.includes('Created customer'));
    expect(line).toBeDefined();
    const [, requestId, traceId] = TAG.exec(line ?? '') ?? [];
    expect(requestId).toBeDefined();
    expect(traceId).toBe(TRACE_ID);
    const audit = auditLines(traced.auditPath);
    const ofRequest = audit.filter((a) => a.requestId === requestId);
    expect(ofRequest.map((a) => a.operation).sort()).toEqual(['command_CreateCustomer', 'query_ListOrders']);
    expect(ofRequest.every((a) => a.traceId === TRACE_ID)).toBe(true);
    expect(logged.some((m) => m.includes(MARKER))).toBe(false);
    expect(readFileSync(traced.auditPath, 'utf8')).not.toContain(MARKER);
  });

  it('gives each request its own id; without tracing the lines carry the request id alone', async () => {
    const from = logged.length;
    for (const email of ['ids.one@example.com', 'ids.two@example.com']) {
      const result = await plain.client.callTool({ name: 'execute', arguments: { code: CREATE(email) } });
      expect(result.isError).toBeFalsy();
    }
    const tags = logged
      .slice(from)
      .filter((m) => m.includes('Created customer'))
      .map((m) => TAG.exec(m));
    expect(tags).toHaveLength(2);
    expect(tags.every((t) => t !== null && t[2] === undefined)).toBe(true);
    const [first, second] = tags.map((t) => t?.[1]);
    expect(first).not.toBe(second);
    const audit = auditLines(plain.auditPath).filter((a) => a.operation === 'command_CreateCustomer');
    expect(audit.map((a) => a.requestId)).toEqual([first, second]);
    expect(audit.every((a) => a.traceId === undefined)).toBe(true);
  });
});
