import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { generateApiKey, hashApiKey } from '@myko/access';
import { createAppConfig } from '../../src/config/app.config';
import { startTicketsService, TICKETS_DOCUMENT, type TicketsService } from '../fixtures/openapi/tickets/tickets.server';
import { auditLines, callJson } from '../helpers/access-fixtures';
import { callExecute, executeJson } from '../helpers/execute-tool';
import { connectClient } from '../helpers/mcp-client';
import { eventually } from '../helpers/raw-mcp';
import { startTestServer, type TestServer } from '../helpers/test-server';

jest.setTimeout(60_000);

const KEY = generateApiKey();
const GITHUB_DOCUMENT = join(__dirname, '../fixtures/openapi/github/api.github.com.subset.json');

/** A config whose `agent` profile may not delete tickets and may set a status only to pending or closed. */
function writeConfig(service: TicketsService, withConnectors: boolean): { path: string; auditPath: string } {
  const dir = mkdtempSync(join(tmpdir(), 'myko-openapi-'));
  const connectors = [
    {
      name: 'tickets',
      document: TICKETS_DOCUMENT,
      baseUrl: service.url,
      prefix: 'tickets',
      maxResponseBytes: 100_000,
      operations: {
        getTicket: { reads: ['Ticket'] },
        updateTicketStatus: { writes: ['Ticket'] },
        slowStatus: { timeoutMs: 300 },
      },
    },
    { name: 'github', document: GITHUB_DOCUMENT, baseUrl: 'http://127.0.0.1:9', prefix: 'github' },
  ];
  const config = {
    auth: { required: true },
    audit: { path: 'audit.log' },
    profiles: {
      agent: {
        keys: [hashApiKey(KEY)],
        visibility: { deny: ['command_tickets_deleteTicket'] },
        callable: { allow: { command_tickets_updateTicketStatus: { status: ['pending', 'closed'] } } },
      },
    },
    ...(withConnectors ? { connectors } : {}),
  };
  const path = join(dir, 'myko.config.json');
  writeFileSync(path, JSON.stringify(config));
  return { path, auditPath: join(dir, 'audit.log') };
}

function start(configPath: string): Promise<TestServer> {
  return startTestServer(
    createAppConfig('serve', { host: '127.0.0.1', port: 0, databasePath: ':memory:', configPath }, {}),
  );
}

async function connect(server: TestServer): Promise<Client> {
  const headers = { Authorization: `Bearer ${KEY}` };
  return connectClient(new StreamableHTTPClientTransport(server.httpUrl, { requestInit: { headers } }));
}

interface SearchAnswer {
  operations: { id: string; kind: string; signature: string }[];
}

describe('an OpenAPI connector served in Code Mode (official SDK client over Streamable HTTP)', () => {
  let service: TicketsService;
  let server: TestServer;
  let client: Client;
  let auditPath: string;

  beforeAll(async () => {
    service = await startTicketsService();
    const config = writeConfig(service, true);
    auditPath = config.auditPath;
    server = await start(config.path);
    client = await connect(server);
  });

  afterAll(async () => {
    await client?.close();
    await server?.close();
    await service?.close();
  });

  it('finds connector operations by plain words, with TypeScript result types', async () => {
    const found = await callJson<SearchAnswer>(client, 'search', { query: 'support tickets list' });
    expect(found.operations[0]).toMatchObject({ id: 'tickets_listTickets', kind: 'query' });
    expect(found.operations[0].signature).toMatch(
      /^query tickets_listTickets\(args\?: \{ status\?: TicketStatus; limit\?: number \}\): Ticket\[\]$/,
    );
    const close = await callJson<SearchAnswer>(client, 'search', { query: 'close a ticket' });
    expect(close.operations.map((op) => op.id)).toContain('tickets_updateTicketStatus');
    const github = await callJson<SearchAnswer>(client, 'search', { query: 'list repository issues' });
    expect(github.operations[0]).toMatchObject({ id: 'github_issuesListForRepo', kind: 'query' });
  });

  it('chains a connector query and connector commands in one execute', async () => {
    const answer = await executeJson<{ id: number; status: string; comments: number }>(
      client,
      `
      const [oldest] = (await myko.query('tickets_listTickets', { status: 'OPEN' })).slice(-1);
      await myko.command('tickets_postTicketsByTicketIdComments', { ticketId: oldest.id, text: 'Fire is out' });
      const closed = await myko.command('tickets_updateTicketStatus', { ticketId: oldest.id, status: 'Closed' });
      return { id: closed.id, status: closed.status, comments: closed.comments.length };`,
    );
    expect(answer).toEqual({ id: 1, status: 'closed', comments: 1 });
    const line = auditLines(auditPath).find((entry) => entry.operation === 'command_tickets_updateTicketStatus');
    expect(line).toMatchObject({ outcome: 'ok' });
  });

  it('refuses what the profile denies: a hidden command, and a status outside the allowed values', async () => {
    const hidden = await callExecute(client, "await myko.command('tickets_deleteTicket', { ticketId: 2 });");
    expect(hidden.isError).toBe(true);
    expect(hidden.text).toContain('Unknown operation: command_tickets_deleteTicket');
    const refused = await callExecute(
      client,
      "await myko.command('tickets_updateTicketStatus', { ticketId: 2, status: 'open' });",
    );
    expect(refused.isError).toBe(true);
    expect(refused.text).toMatch(/status/);
    expect(service.hits.get('DELETE /tickets/2')).toBeUndefined();
    expect(service.hits.get('PATCH /tickets/2')).toBeUndefined();
  });

  it('ends a backend 4xx as an operation error with the status and a quoted excerpt, catchable in the script', async () => {
    const caught = await executeJson<string>(
      client,
      "try { await myko.command('tickets_createTicket', { title: 'reject' }); } catch (e) { return e.message; }",
    );
    expect(caught).toContain('the backend answered HTTP 422; its body begins "{\\"title\\":\\"Rejected\\"');
    const missing = await callExecute(client, "return await myko.query('tickets_getTicket', { ticketId: 404 });");
    expect(missing.isError).toBe(true);
    expect(missing.text).toContain('HTTP 404');
  });

  it('ends a 5xx, after the retries of a read, as a retryable failure', async () => {
    const failed = await callExecute(
      client,
      "return await myko.query('tickets_flakyStatus', { key: 'e2e', failures: 9 });",
    );
    expect(failed.isError).toBe(true);
    expect(failed.text).toContain('the backend answered HTTP 503 (retryable)');
    expect(service.hits.get('GET /diagnostics/flaky')).toBe(3);
  });

  it('ends a slow backend at the operation timeout as a retryable failure', async () => {
    const slow = await callExecute(client, "return await myko.query('tickets_slowStatus', { ms: 5000 });");
    expect(slow.isError).toBe(true);
    expect(slow.text).toContain('the backend did not answer within 300 ms (retryable)');
  });

  it('aborts the backend request when the script is cancelled', async () => {
    const before = service.abandoned();
    const slowHits = () => service.hits.get('GET /diagnostics/slow') ?? 0;
    const hitsBefore = slowHits();
    const controller = new AbortController();
    const running = callExecute(
      client,
      "return await myko.query('tickets_slowStatus', { ms: 250 }).then(() => myko.query('tickets_slowStatus', { ms: 250 }));",
      { signal: controller.signal },
    );
    // Cancelled once the backend holds the first request (a fixed delay may fire before it, on a loaded machine).
    expect(await eventually(() => slowHits() > hitsBefore, 10_000, 2)).toBe(true);
    controller.abort();
    await expect(running).rejects.toThrow(/abort/i);
    expect(await eventually(() => service.abandoned() > before, 5_000)).toBe(true);
    expect(service.abandoned()).toBe(before + 1);
  });

  it('ends an oversized response as response_too_large, and a redirect to another host unfollowed', async () => {
    const large = await callExecute(client, "return await myko.query('tickets_exportAll', { bytes: 2000000 });");
    expect(large.isError).toBe(true);
    expect(large.text).toContain('larger than 100000 bytes and was not read');
    const moved = await callExecute(client, "return await myko.query('tickets_movedElsewhere');");
    expect(moved.text).toContain('redirected to another host; the redirect was not followed');
  });

  it('serves the input schema as myko://schema, and a read with reads as a live resource', async () => {
    const read = await client.readResource({ uri: 'myko://schema/query/tickets_getTicket' });
    const schema = JSON.parse((read.contents[0] as { text: string }).text);
    expect(schema).toMatchObject({
      type: 'object',
      required: ['ticketId'],
      properties: { ticketId: { type: 'integer' } },
    });
    const live = await client.readResource({
      uri: 'myko://live/query/tickets_getTicket?args=%7B%22ticketId%22%3A2%7D',
    });
    expect(JSON.parse((live.contents[0] as { text: string }).text)).toMatchObject({ id: 2 });
  });

  it('keeps tools/list the same size as without connectors', async () => {
    const plain = await start(writeConfig(service, false).path);
    const other = await connect(plain);
    try {
      const withConnectors = JSON.stringify((await client.listTools()).tools);
      const without = JSON.stringify((await other.listTools()).tools);
      expect(withConnectors.length).toBe(without.length);
      expect(withConnectors).toBe(without);
    } finally {
      await other.close();
      await plain.close();
    }
  });
});
