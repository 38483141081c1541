import { type OperationContext, OperationInvoker, RegistryModule } from '@myko/registry';
import { type INestApplicationContext, Logger } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import {
  ROUTES_DOCUMENT,
  type RoutesService,
  startRoutesService,
} from '../../../test/fixtures/openapi/routes/routes.server';
import { loadOpenApiDocument } from './document/openapi-document.loader';
import { mapDocument } from './mapping/openapi-operation.mapper';
import { OpenApiConnectorModule } from './openapi-connector.module';

const SECRET = 'sk-live-0123456789abcdef/with+slash';
const TOKEN = 'eyJhbGciOiJSUzI1NiJ9.eyJhdWQiOiJodHRwczovL3JvdXRlcyJ9.c2lnbmF0dXJl';
const AUDIENCE = 'https://routes.test';

function context(bearer?: { token: string; audiences: string[] }): OperationContext {
  const client = { transport: 'internal' as const };
  if (bearer) Object.defineProperty(client, 'bearer', { value: bearer, enumerable: false });
  const log = { debug() {}, info() {}, warn() {}, error() {} };
  return { client, signal: new AbortController().signal, log, progress() {} };
}

/** What the connector's calls end as: the result, or the error's message. */
const settle = (promise: Promise<unknown>) =>
  promise.then(
    (value) => ({ value, error: undefined as string | undefined }),
    (error: Error) => ({ value: undefined, error: error.message }),
  );

describe('connector operations stay on their routes and keep credentials from scripts (real backend)', () => {
  let service: RoutesService;
  let app: INestApplicationContext;
  let invoker: OperationInvoker;
  const call = (name: string, args: object, ctx = context()) => settle(invoker.invoke(name, args, ctx));
  const paths = () => service.received.map((r) => r.url);

  beforeAll(async () => {
    service = await startRoutesService();
    const moduleRef = await Test.createTestingModule({
      imports: [
        RegistryModule,
        OpenApiConnectorModule.forRoot({
          connectors: [
            { name: 'routes', document: ROUTES_DOCUMENT, baseUrl: service.url, prefix: 'routes', retries: 0 },
            {
              name: 'keyed',
              document: ROUTES_DOCUMENT,
              baseUrl: service.url,
              prefix: 'keyed',
              auth: { fromEnv: 'ROUTES_KEY', header: 'X-Api-Key' },
            },
            {
              name: 'delegated',
              document: ROUTES_DOCUMENT,
              baseUrl: service.url,
              prefix: 'delegated',
              auth: { passThrough: { audience: AUDIENCE } },
            },
          ],
          env: { ROUTES_KEY: SECRET },
        }),
      ],
    }).compile();
    Logger.overrideLogger(['error']);
    app = await moduleRef.init();
    invoker = app.get(OperationInvoker);
  });

  afterAll(async () => {
    await app?.close();
    await service?.close();
  });

  beforeEach(() => {
    service.received.length = 0;
  });

  it('refuses "..", "." and empty path values as invalid arguments; the backend gets no request', async () => {
    for (const folder of ['..', '.', '']) {
      const { error } = await call('query_routes_getFile', { folder, name: 'admin' });
      expect(error).toBe(
        'Invalid arguments for query_routes_getFile: folder: a path value may not be empty, "." or ".." (it would leave the operation\'s route)',
      );
    }
    expect(paths()).toEqual([]);
  });

  it('keeps a value with dots and slashes inside its segment (encoded), on the templated route', async () => {
    const { value } = await call('query_routes_getFile', { folder: '../..', name: '%2e%2e' });
    expect(value).toEqual({ folder: '../..', name: '%2e%2e' });
    expect(paths()).toEqual(['/api/files/..%2F../%252e%252e']);
  });

  it('sends only the declared keys of an object query parameter, refusing any other by name', async () => {
    const { error } = await call('query_routes_searchFiles', { filter: { owner: 'kim', limit: 1000, admin: 1 } });
    expect(error).toBe(
      'Invalid arguments for query_routes_searchFiles: filter.limit: unknown argument, filter.admin: unknown argument',
    );
    expect(paths()).toEqual([]);
    const { value } = await call('query_routes_searchFiles', { filter: { owner: 'kim' }, limit: 2 });
    expect(value).toEqual({
      query: [
        ['owner', 'kim'],
        ['limit', '2'],
      ],
    });
  });

  it('takes no Host or auth-header argument: the backend sees its own Host and the connector key', async () => {
    const { error } = await call('query_keyed_echoHeaders', { Host: 'admin.internal', 'X-Api-Key': 'forged' });
    expect(error).toMatch(/Host: unknown argument.*X-Api-Key: unknown argument/);
    await call('query_keyed_echoHeaders', { 'X-Trace': 't-1' });
    expect(service.received[0].headers).toMatchObject({ host: new URL(service.url).host, 'x-api-key': SECRET });
  });

  it("redacts the connector's secret from an echoed body and from a 4xx excerpt", async () => {
    const { value } = await call('query_keyed_echoHeaders', { 'X-Trace': 't-2' });
    const echoed = (value as { headers: Record<string, string> }).headers;
    expect(echoed['x-api-key']).toBe('[redacted]');
    expect(echoed['x-trace']).toBe('t-2');
    const { error } = await call('query_keyed_echoHeaders', { fail: true });
    expect(error).toContain('HTTP 400');
    expect(error).toContain('[redacted]');
    expect(error).not.toContain('sk-live');
  });

  it("redacts the caller's forwarded token, with or without its scheme", async () => {
    const ctx = context({ token: TOKEN, audiences: [AUDIENCE] });
    const { value } = await call('query_delegated_echoHeaders', {}, ctx);
    expect(service.received[0].headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(JSON.stringify(value)).not.toContain(TOKEN.slice(-20));
    expect((value as { headers: Record<string, string> }).headers.authorization).toBe('[redacted]');
  });

  it('names the header parameters it leaves out, for the start-up warning', async () => {
    const { document } = await loadOpenApiDocument('keyed', ROUTES_DOCUMENT);
    const { warnings } = mapDocument(document, {
      name: 'keyed',
      document: ROUTES_DOCUMENT,
      auth: { fromEnv: 'ROUTES_KEY', header: 'X-Api-Key' },
    });
    expect(warnings).toEqual([
      'GET /api/echo: header parameter Host left out (the connector sets it, not an argument)',
      'GET /api/echo: header parameter X-Api-Key left out (the connector sets it, not an argument)',
    ]);
  });
});
