import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type RoutesService, startRoutesService } from '../../../../test/fixtures/openapi/routes/routes.server';
import { loadOpenApiDocument } from './openapi-document.loader';

/** A document whose one response schema is `$ref`ed from `ref`. */
const documentWith = (ref: string) =>
  JSON.stringify({
    openapi: '3.0.3',
    info: { title: 'refs', version: '1' },
    paths: {
      '/x': {
        get: {
          responses: { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: ref } } } } },
        },
      },
    },
  });

const SECRET_SCHEMA = JSON.stringify({ Secret: { type: 'string', description: 'db password: hunter2' } });

/** A server on 127.0.0.1 (another origin than the routes service) that records what it is asked. */
async function otherOrigin(): Promise<{ url: string; hits: string[]; server: Server }> {
  const hits: string[] = [];
  const server = createServer((req, res) => {
    hits.push(req.url ?? '');
    res.writeHead(200, { 'content-type': 'application/json' }).end(SECRET_SCHEMA);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, hits, server };
}

describe('loadOpenApiDocument: where a document and its $refs may be read from', () => {
  let dir: string;
  let service: RoutesService;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'myko-refs-'));
    mkdirSync(join(dir, 'api'));
    writeFileSync(join(dir, 'secret.json'), SECRET_SCHEMA);
    writeFileSync(join(dir, 'api', 'outside.json'), documentWith('../secret.json#/Secret'));
    writeFileSync(join(dir, 'api', 'common.json'), SECRET_SCHEMA.replace('hunter2', 'fine'));
    writeFileSync(join(dir, 'api', 'inside.json'), documentWith('common.json#/Secret'));
    symlinkSync(join(dir, 'secret.json'), join(dir, 'api', 'link.json'));
    writeFileSync(join(dir, 'api', 'linked.json'), documentWith('link.json#/Secret'));
    service = await startRoutesService();
  });

  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await service.close();
  });

  it("reads a file $ref in the document's folder", async () => {
    const { document } = await loadOpenApiDocument('refs', join(dir, 'api', 'inside.json'));
    expect(JSON.stringify(document)).toContain('fine');
  });

  it("refuses a file $ref outside the document's folder, or a link leading out, in one line", async () => {
    for (const name of ['outside.json', 'linked.json']) {
      const loading = loadOpenApiDocument('refs', join(dir, 'api', name));
      await expect(loading).rejects.toThrow(
        /^OpenAPI connector "refs": cannot read the document .*: \$ref .*secret\.json\)? is outside .*\/api \(list its folder or URL prefix in refRoots to allow it\)$/,
      );
    }
  });

  it('reads it when refRoots names its folder', async () => {
    const { document } = await loadOpenApiDocument('refs', join(dir, 'api', 'outside.json'), { refRoots: [dir] });
    expect(JSON.stringify(document)).toContain('hunter2');
  });

  it('reads a document from an internal http:// URL, and its same-origin $refs', async () => {
    const { document } = await loadOpenApiDocument('routes', `${service.url}/openapi.json`);
    expect(Object.keys(document.paths as object)).toContain('/api/files/{folder}/{name}');
    expect(service.received.map((r) => r.url)).toEqual(['/openapi.json', '/common.json']);
  });

  it('refuses a $ref to another origin unless refRoots names it', async () => {
    const other = await otherOrigin();
    try {
      writeFileSync(join(dir, 'api', 'remote.json'), documentWith(`${other.url}/schemas/secret.json#/Secret`));
      const loading = loadOpenApiDocument('refs', join(dir, 'api', 'remote.json'));
      await expect(loading).rejects.toThrow(`$ref ${other.url}/schemas/secret.json is outside`);
      expect(other.hits).toEqual([]);
      const allowed = await loadOpenApiDocument('refs', join(dir, 'api', 'remote.json'), {
        refRoots: [`${other.url}/schemas`],
      });
      expect(JSON.stringify(allowed.document)).toContain('hunter2');
    } finally {
      other.server.close();
    }
  });

  it('names the URL and the cause in one line when the document cannot be fetched', async () => {
    await expect(loadOpenApiDocument('routes', `${service.url}/missing.json`)).rejects.toThrow(
      `OpenAPI connector "routes": cannot read the document ${service.url}/missing.json: GET ${service.url}/missing.json answered HTTP 404`,
    );
    const closed = await otherOrigin();
    await new Promise((resolve) => closed.server.close(resolve));
    const refused = await loadOpenApiDocument('routes', `${closed.url}/openapi.json`).catch((error: Error) => error);
    expect((refused as Error).message).toMatch(/: GET http:\/\/127\.0\.0\.1:\d+\/openapi\.json failed: .*ECONNREFUSED/);
    expect((refused as Error).message).not.toContain('\n');
  });

  it("gives up on a document server that does not answer within the connector's timeout", async () => {
    const stalled = createServer(() => undefined);
    await new Promise<void>((resolve) => stalled.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(stalled.address() as AddressInfo).port}/openapi.json`;
    try {
      await expect(loadOpenApiDocument('slow', url, { timeoutMs: 200 })).rejects.toThrow(
        `OpenAPI connector "slow": cannot read the document ${url}: GET ${url} did not answer within 200 ms`,
      );
    } finally {
      stalled.closeAllConnections();
      stalled.close();
    }
  });
});
