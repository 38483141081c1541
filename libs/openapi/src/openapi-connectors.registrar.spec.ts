import { type OperationContext, OperationInvoker, OperationRegistry, RegistryModule } from '@myko/registry';
import { type INestApplicationContext, Logger } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import {
  startTicketsService,
  TICKETS_DOCUMENT,
  type TicketsService,
} from '../../../test/fixtures/openapi/tickets/tickets.server';
import type { OpenApiConnectorOptions } from './interfaces/openapi-connector-options.interface';
import { OpenApiConnectorModule } from './openapi-connector.module';

const GITHUB_DOCUMENT = `${__dirname}/../../../test/fixtures/openapi/github/api.github.com.subset.json`;

function context(
  signal = new AbortController().signal,
  bearer?: { token: string; audiences: string[] },
): OperationContext {
  const client = { transport: 'internal' as const };
  if (bearer) Object.defineProperty(client, 'bearer', { value: bearer, enumerable: false });
  const log = { debug() {}, info() {}, warn() {}, error() {} };
  return { client, signal, log, progress() {} };
}

async function boot(connectors: OpenApiConnectorOptions[], env: Record<string, string> = {}) {
  const moduleRef = await Test.createTestingModule({
    imports: [RegistryModule, OpenApiConnectorModule.forRoot({ connectors, env })],
  })
    .setLogger(new Logger())
    .compile();
  Logger.overrideLogger(['error']);
  const app = await moduleRef.init();
  return { app, registry: app.get(OperationRegistry), invoker: app.get(OperationInvoker) };
}

describe('OpenApiConnectorModule against the tickets service', () => {
  let service: TicketsService;
  let app: INestApplicationContext;
  let invoker: OperationInvoker;
  const call = (name: string, args: object, ctx = context()) => invoker.invoke(name, args, ctx);

  beforeAll(async () => {
    service = await startTicketsService();
    ({ app, invoker } = await boot(
      [
        {
          name: 'tickets',
          document: TICKETS_DOCUMENT,
          baseUrl: service.url,
          prefix: 'tickets',
          auth: { fromEnv: 'TICKETS_TOKEN', scheme: 'Bearer' },
          // Three attempts and their backoff must fit on a loaded 2-core CI machine (a 2 s budget did not once).
          timeoutMs: 10_000,
          maxResponseBytes: 10_000,
          operations: { slowStatus: { timeoutMs: 200 } },
        },
        {
          name: 'passthrough',
          document: TICKETS_DOCUMENT,
          baseUrl: service.url,
          prefix: 'delegated',
          include: ['getTicket'],
          auth: { passThrough: { audience: 'https://tickets.example' } },
        },
      ],
      { TICKETS_TOKEN: 'sekret' },
    ));
  });

  afterAll(async () => {
    await app?.close();
    await service?.close();
  });

  it('calls the backend with the static credential, the arguments in their places, the result parsed', async () => {
    const ticket = await call('query_tickets_getTicket', { ticketId: 1 });
    expect(ticket).toMatchObject({ id: 1, title: 'Printer on fire' });
    expect(service.lastHeaders().authorization).toBe('Bearer sekret');
    const list = await call('query_tickets_listTickets', { status: 'PENDING' });
    expect(list).toEqual([expect.objectContaining({ id: 2, status: 'pending' })]);
    const comment = await call('command_tickets_postTicketsByTicketIdComments', {
      ticketId: 2,
      text: 'rebooted',
      'X-Request-Id': 'r-1',
    });
    expect(comment).toEqual({ id: 1, text: 'rebooted' });
    expect(service.lastHeaders()['x-request-id']).toBe('r-1');
    expect(await call('command_tickets_deleteTicket', { ticketId: 2 })).toBeNull();
  });

  it('validates the arguments before any request', async () => {
    const before = service.hits.get('POST /tickets') ?? 0;
    await expect(call('command_tickets_createTicket', { title: '', priority: 'urgent' })).rejects.toThrow(
      /title: must NOT have fewer than 1 characters.*priority: must be equal to one of the allowed values/,
    );
    expect(service.hits.get('POST /tickets') ?? 0).toBe(before);
  });

  it('turns a 4xx into a BackendRequestError quoting a bounded excerpt as data', async () => {
    const failure = call('command_tickets_createTicket', { title: 'reject' });
    await expect(failure).rejects.toMatchObject({ name: 'BackendRequestError', status: 422, code: 'http_422' });
    await expect(failure).rejects.toThrow(/HTTP 422; its body begins "\{\\"title\\":\\"Rejected\\"/);
    await expect(call('query_tickets_getTicket', { ticketId: 99 })).rejects.toMatchObject({ status: 404 });
  });

  it('retries an idempotent read after a 5xx, and fails retryable once the retries are spent', async () => {
    expect(await call('query_tickets_flakyStatus', { key: 'a', failures: 2 })).toEqual({ attempts: 3 });
    await expect(call('query_tickets_flakyStatus', { key: 'b', failures: 5 })).rejects.toMatchObject({
      name: 'BackendUnavailableError',
      code: 'backend_unavailable',
      status: 503,
      retryable: true,
    });
    expect(service.hits.get('GET /diagnostics/flaky')).toBe(3 + 3);
  });

  it('times out per operation, aborts on the caller signal, and caps the response size', async () => {
    await expect(call('query_tickets_slowStatus', { ms: 2_000 })).rejects.toMatchObject({
      code: 'backend_timeout',
      retryable: true,
    });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    await expect(call('query_tickets_slowStatus', { ms: 100 }, context(controller.signal))).rejects.toMatchObject({
      name: 'OperationAbortedError',
    });
    await expect(call('query_tickets_exportAll', { bytes: 50_000 })).rejects.toMatchObject({
      code: 'response_too_large',
    });
    expect(await call('query_tickets_exportAll', { bytes: 100 })).toEqual({ data: 'x'.repeat(100) });
  });

  it('does not follow a redirect to another host', async () => {
    await expect(call('query_tickets_movedElsewhere', {})).rejects.toMatchObject({ code: 'redirect_refused' });
  });

  it('passes the caller’s own token through only when its audience matches', async () => {
    const token = { token: 'caller-token', audiences: ['https://mcp.example', 'https://tickets.example'] };
    expect(await call('query_delegated_getTicket', { ticketId: 1 }, context(undefined, token))).toMatchObject({
      id: 1,
    });
    expect(service.lastHeaders().authorization).toBe('Bearer caller-token');
    const other = { token: 't', audiences: ['https://mcp.example'] };
    await expect(call('query_delegated_getTicket', { ticketId: 1 }, context(undefined, other))).rejects.toMatchObject({
      code: 'backend_unauthorized',
    });
    await expect(call('query_delegated_getTicket', { ticketId: 1 })).rejects.toMatchObject({
      code: 'backend_unauthorized',
    });
  });
});

describe('OpenApiConnectorModule start-up', () => {
  it('fails with the connector named when a static secret is missing', async () => {
    await expect(
      boot([{ name: 'tickets', document: TICKETS_DOCUMENT, baseUrl: 'http://127.0.0.1:9', auth: { fromEnv: 'NOPE' } }]),
    ).rejects.toThrow('OpenAPI connector "tickets": auth.fromEnv: the environment variable NOPE is not set');
  });

  it('fails on invalid options, naming each path', async () => {
    const bad = {
      name: 'x',
      document: '',
      refRoots: '../shared',
      baseUrl: 'ftp://x',
    } as unknown as OpenApiConnectorOptions;
    await expect(boot([bad])).rejects.toThrow(
      /connectors\[0\]\.document: .*connectors\[0\]\.refRoots: expected an array of folders or http\(s\) URL prefixes; connectors\[0\]\.baseUrl: expected an http/,
    );
  });

  it('registers 330 of the 331 operations of the GitHub subset (the release-asset upload takes a binary body)', async () => {
    const { app, registry } = await boot([{ name: 'github', document: GITHUB_DOCUMENT, prefix: 'github' }]);
    try {
      const ops = registry.list().filter((op) => op.source === 'programmatic:openapi:github');
      expect(ops.length).toBe(330);
      expect(registry.get('command_github_reposUploadReleaseAsset')).toBeUndefined();
      const list = registry.get('query_github_issuesListForRepo');
      expect(list).toMatchObject({ outputType: 'Issue[]', readOnly: true });
      expect(list?.args.map((arg) => arg.name)).toEqual(expect.arrayContaining(['owner', 'repo', 'state', 'labels']));
      expect(registry.get('command_github_issuesCreate')?.args.map((arg) => arg.name)).toEqual(
        expect.arrayContaining(['owner', 'repo', 'title', 'body', 'labels']),
      );
    } finally {
      await app.close();
    }
  });
});
