import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { generateApiKey, hashApiKey } from '@myko/access';
import { type RoutesService, startRoutesService } from '../fixtures/openapi/routes/routes.server';
import { callExecute, executeJson } from '../helpers/execute-tool';
import { finished, launch, stopLaunched } from '../helpers/launcher-run';
import { connectClient } from '../helpers/mcp-client';
import { releaseAll } from '../helpers/releases';
import { type LaunchedServe, launchServe } from '../support/serve-process';

// A launched server (bin/myko-nest serve) whose connector reads its document from the backend's own
// internal http:// URL, and a backend that records every request exactly as it arrived.
jest.setTimeout(90_000);

const KEY = generateApiKey();
const SECRET = 'routes-secret-6f1d2a9c4b';

let dir: string;
let service: RoutesService;
let server: LaunchedServe | undefined;
let client: Client;

/** Writes a config with one connector reading `document`; answers its path. */
function writeConfig(document: string): string {
  const config = {
    auth: { required: true },
    profiles: { agent: { keys: [hashApiKey(KEY)] } },
    connectors: [
      {
        name: 'routes',
        document,
        baseUrl: service.url,
        prefix: 'routes',
        auth: { fromEnv: 'ROUTES_KEY', header: 'X-Api-Key' },
        timeoutMs: 5000,
      },
    ],
  };
  const path = join(mkdtempSync(join(dir, 'config-')), 'myko.config.json');
  writeFileSync(path, JSON.stringify(config));
  return path;
}

const serveEnv = { PATH: process.env.PATH ?? '', NO_COLOR: '1', ROUTES_KEY: SECRET };
const backendPaths = () => service.received.map((r) => r.url);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'myko-routes-'));
  service = await startRoutesService();
  const config = writeConfig(`${service.url}/openapi.json`);
  server = await launchServe({ args: ['--db', ':memory:', '--audit-log', 'off', '--config', config], env: serveEnv });
  const headers = { Authorization: `Bearer ${KEY}` };
  const transport = new StreamableHTTPClientTransport(new URL(`${server.origin}/mcp`), { requestInit: { headers } });
  client = await connectClient(transport);
}, 120_000);

afterAll(() =>
  releaseAll(
    () => client?.close(),
    () => server?.killGroup('SIGKILL'),
    () => server?.exited,
    () => service?.close(),
    () => rmSync(dir, { recursive: true, force: true }),
  ),
);

beforeEach(() => {
  service.received.length = 0;
});

describe('a connector whose document is served on an internal http:// URL', () => {
  it('started from it, its same-origin $ref included, and serves its operations', async () => {
    const file = await executeJson<unknown>(
      client,
      "return await myko.query('routes_getFile', { folder: 'a', name: 'b' });",
    );
    expect(file).toEqual({ folder: 'a', name: 'b' });
    expect(backendPaths()).toEqual(['/api/files/a/b']);
    const output = server?.output() ?? '';
    expect(output).toContain(
      'routes: GET /api/echo: header parameter Host left out (the connector sets it, not an argument)',
    );
    expect(output).toContain('routes: GET /api/echo: header parameter X-Api-Key left out');
  });

  it('fails the start in one line naming the URL and the cause when the document is missing; exit 1', async () => {
    const config = writeConfig(`${service.url}/missing.json`);
    const child = launch(['serve', '--db', ':memory:', '--audit-log', 'off', '--port', '0', '--config', config], {
      ROUTES_KEY: SECRET,
    });
    const result = await finished(child).finally(() => stopLaunched(child));
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      `myko-nest: failed to start: OpenAPI connector "routes": cannot read the document ${service.url}/missing.json: GET ${service.url}/missing.json answered HTTP 404\n`,
    );
    expect(result.stdout).not.toMatch(/ERROR|\n\s+at /);
    expect(backendPaths()).toEqual(['/missing.json']);
  });
});

describe('connector calls stay on their routes (issue 39)', () => {
  it('refuses ".." as a path value in the script; the backend never sees /api/admin', async () => {
    const refused = await callExecute(
      client,
      "return await myko.query('routes_getFile', { folder: '..', name: 'admin' });",
    );
    expect(refused.isError).toBe(true);
    expect(refused.text).toContain(
      'Invalid arguments for query_routes_getFile: folder: a path value may not be empty, "." or ".." (it would leave the operation\'s route)',
    );
    const encoded = await executeJson<unknown>(
      client,
      "return await myko.query('routes_getFile', { folder: '../..', name: 'admin' });",
    );
    expect(encoded).toEqual({ folder: '../..', name: 'admin' });
    expect(backendPaths()).toEqual(['/api/files/..%2F../admin']);
  });

  it('sends only the declared keys of an object query parameter', async () => {
    const refused = await callExecute(
      client,
      // Data from elsewhere (JSON) passes the type check; the connector is what must refuse it.
      `const filter = JSON.parse('{"owner":"kim","limit":1000}');
      return await myko.query('routes_searchFiles', { filter });`,
    );
    expect(refused.text).toContain('Invalid arguments for query_routes_searchFiles: filter.limit: unknown argument');
    expect(backendPaths()).toEqual([]);
  });

  it('takes no Host argument, and hands the script an echo with the secret redacted', async () => {
    const refused = await callExecute(
      client,
      'return await myko.query(\'routes_echoHeaders\', JSON.parse(\'{"Host":"admin.internal"}\'));',
    );
    expect(refused.text).toContain('Host: unknown argument');
    const echoed = await executeJson<{ headers: Record<string, string> }>(
      client,
      "return await myko.query('routes_echoHeaders', {});",
    );
    expect(echoed.headers['x-api-key']).toBe('[redacted]');
    expect(service.received[0].headers).toMatchObject({ host: new URL(service.url).host, 'x-api-key': SECRET });
  });
});
