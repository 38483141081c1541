import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { generateApiKey, hashApiKey } from '@myko/access';
import { startTicketsService, TICKETS_DOCUMENT, type TicketsService } from '../fixtures/openapi/tickets/tickets.server';
import { HeaderWebSocketTransport } from '../helpers/access-fixtures';
import { callExecute, executeJson } from '../helpers/execute-tool';
import { connectClient } from '../helpers/mcp-client';
import {
  AuthorizationServer,
  claimsOf,
  freePort,
  type OidcClient,
  SubprotocolWebSocketTransport,
  signingKey,
} from '../helpers/oauth-fixtures';
import { releaseAll } from '../helpers/releases';
import { killServeProcess, type ServeProcess, startServeProcess } from '../helpers/serve-process';

// A launched server (bin/myko-nest serve) trusting a real authorization server (oidc-provider), with an
// OpenAPI connector whose backend is reached with the caller's own token (`auth.passThrough`).
jest.setTimeout(90_000);

/** What this MCP server's tokens must name (`oauth.resource`); any URI, the tokens are asked for directly. */
const RESOURCE = 'https://mcp.passthrough.test/mcp';
/** What the tickets backend's tokens must name (the connector's `passThrough.audience`). */
const BACKEND = 'https://tickets.passthrough.test';
const KEY = generateApiKey();

const CLIENTS: Record<'forBackend' | 'mcpOnly', OidcClient> = {
  forBackend: { client_id: 'tickets-agent', client_secret: 't'.repeat(40), scope: 'myko:read', audiences: [BACKEND] },
  mcpOnly: { client_id: 'mcp-only-agent', client_secret: 'm'.repeat(40), scope: 'myko:read' },
};

const REFUSAL = `query_tickets_getTicket needs the caller's OAuth token for ${BACKEND}; this client did not present one`;
const GET_TICKET = "return await myko.query('tickets_getTicket', { ticketId: 1 });";

let dir: string;
let auditPath: string;
let service: TicketsService;
let as: AuthorizationServer;
let server: ServeProcess | undefined;
let tokens: Record<keyof typeof CLIENTS, string>;

/** Every request the tickets service has seen. */
const backendRequests = (): number => [...service.hits.values()].reduce((sum, n) => sum + n, 0);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'myko-passthrough-'));
  auditPath = join(dir, 'audit.log');
  service = await startTicketsService();
  const asPort = await freePort();
  as = await AuthorizationServer.start({
    port: asPort,
    keys: [await signingKey('passthrough-key')],
    defaultResource: RESOURCE,
    clients: Object.values(CLIENTS),
  });
  const config = {
    auth: { required: true },
    audit: { queries: true },
    profiles: { agent: { keys: [hashApiKey(KEY)] } },
    oauth: {
      resource: RESOURCE,
      issuers: [as.issuer],
      profiles: [{ profile: 'agent', match: { scope: 'myko:read' } }],
    },
    connectors: [
      {
        name: 'tickets',
        document: TICKETS_DOCUMENT,
        baseUrl: service.url,
        prefix: 'tickets',
        auth: { passThrough: { audience: BACKEND } },
      },
    ],
  };
  const path = join(dir, 'myko.config.json');
  writeFileSync(path, JSON.stringify(config));
  server = await startServeProcess(['--config', path, '--audit-log', auditPath]);
  tokens = { forBackend: await as.token(CLIENTS.forBackend), mcpOnly: await as.token(CLIENTS.mcpOnly) };
}, 120_000);

afterAll(() =>
  releaseAll(
    () => killServeProcess(server),
    () => server?.exited,
    () => as?.stop(),
    () => service?.close(),
    () => rmSync(dir, { recursive: true, force: true }),
  ),
);

type TransportName = 'Streamable HTTP' | 'WebSocket';

function bearerTransport(name: TransportName, token: string): Transport {
  if (!server) throw new Error('the server is not started');
  if (name === 'Streamable HTTP') {
    return new StreamableHTTPClientTransport(new URL(`${server.origin}/mcp`), {
      requestInit: { headers: { Authorization: `Bearer ${token}` } },
    });
  }
  // A token at a WebSocket handshake travels in the `myko.oauth.<jwt>` subprotocol entry (docs/access-control.md).
  return new SubprotocolWebSocketTransport(new URL(`${server.origin.replace('http', 'ws')}/mcp`), [
    `myko.oauth.${token}`,
  ]);
}

function apiKeyTransport(name: TransportName): Transport {
  if (!server) throw new Error('the server is not started');
  const headers = { Authorization: `Bearer ${KEY}` };
  if (name === 'Streamable HTTP') {
    return new StreamableHTTPClientTransport(new URL(`${server.origin}/mcp`), { requestInit: { headers } });
  }
  return new HeaderWebSocketTransport(new URL(`${server.origin.replace('http', 'ws')}/mcp`), headers);
}

describe.each<TransportName>(['Streamable HTTP', 'WebSocket'])(
  'a passThrough connector, launched server, official SDK client over %s',
  (transport) => {
    it('forwards the token of a client whose aud names the backend: the backend receives exactly that token', async () => {
      expect(claimsOf(tokens.forBackend).aud).toEqual([RESOURCE, BACKEND]);
      const client = await connectClient(bearerTransport(transport, tokens.forBackend));
      try {
        const before = service.hits.get('GET /tickets/1') ?? 0;
        const ticket = await executeJson<{ id: number; title: string }>(client, GET_TICKET);
        expect(ticket).toMatchObject({ id: 1, title: 'Printer on fire' });
        expect(service.hits.get('GET /tickets/1')).toBe(before + 1);
        expect(service.lastHeaders().authorization).toBe(`Bearer ${tokens.forBackend}`);
      } finally {
        await client.close();
      }
    });

    it('refuses, before any request, a token accepted by the MCP server whose aud lacks the backend', async () => {
      expect(claimsOf(tokens.mcpOnly).aud).toBe(RESOURCE);
      const client = await connectClient(bearerTransport(transport, tokens.mcpOnly));
      try {
        const before = backendRequests();
        // The server accepts the token: a search works.
        const found = await client.callTool({ name: 'search', arguments: { query: 'ticket' } });
        expect(found.isError).toBeFalsy();
        const refused = await callExecute(client, GET_TICKET);
        expect(refused.isError).toBe(true);
        expect(refused.text).toContain(REFUSAL);
        expect(backendRequests()).toBe(before);
      } finally {
        await client.close();
      }
    });

    it('refuses an API-key client the same way, and no request reaches the backend', async () => {
      const client = await connectClient(apiKeyTransport(transport));
      try {
        const before = backendRequests();
        const refused = await callExecute(client, GET_TICKET);
        expect(refused.isError).toBe(true);
        expect(refused.text).toContain(REFUSAL);
        // Caught in the script, it is an ordinary operation error with its code.
        const caught = await executeJson<Record<string, unknown>>(
          client,
          `try { ${GET_TICKET} } catch (e) { return { name: e.name, code: e.code, message: e.message }; }`,
        );
        expect(caught).toEqual({ name: 'OperationError', code: 'backend_unauthorized', message: REFUSAL });
        expect(backendRequests()).toBe(before);
      } finally {
        await client.close();
      }
    });
  },
);

describe('the forwarded token stays out of what the server writes', () => {
  it('appears in neither the audit log nor the server output (the calls are audited)', async () => {
    expect(existsSync(auditPath)).toBe(true);
    const audit = readFileSync(auditPath, 'utf8');
    const lines = audit
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.operation === 'query_tickets_getTicket');
    const seen = lines.map((line) => `${line.transport} ${line.subject ?? 'api-key'} ${line.outcome}`);
    expect(new Set(seen)).toEqual(
      new Set(
        ['tickets-agent', 'mcp-only-agent', 'api-key'].flatMap((who) =>
          ['http', 'ws'].map((t) => `${t} ${who} ${who === 'tickets-agent' ? 'ok' : 'error'}`),
        ),
      ),
    );
    const output = server?.output() ?? '';
    expect(output).toContain('MCP Streamable HTTP');
    for (const token of Object.values(tokens)) {
      expect(audit).not.toContain(token);
      expect(output).not.toContain(token);
      // Nor its signature alone (a log that cut the token into parts).
      const signature = token.split('.')[2];
      expect(audit).not.toContain(signature);
      expect(output).not.toContain(signature);
    }
    expect(audit).not.toContain(KEY);
    expect(output).not.toContain(KEY);
  });
});
