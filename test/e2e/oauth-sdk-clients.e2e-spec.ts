import {
  Client as ModernClient,
  ClientCredentialsProvider as ModernCredentials,
  StreamableHTTPClientTransport as ModernHttpTransport,
} from '@modelcontextprotocol/client';
import { ClientCredentialsProvider as LegacyCredentials } from '@modelcontextprotocol/sdk/client/auth-extensions.js';
import { Client as LegacyClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as LegacyHttpTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  AuthorizationServer,
  claimsOf,
  freePort,
  type OAuthApp,
  type OidcClient,
  signingKey,
  startOAuthApp,
} from '../helpers/oauth-fixtures';
import { releaseAll } from '../helpers/releases';

jest.setTimeout(90_000);

/** The clients of `docs/access-control.md`'s OAuth example: support may only read, ops may cancel orders. */
const CLIENTS: Record<'support' | 'ops', OidcClient> = {
  support: { client_id: 'least-privilege', client_secret: 'l'.repeat(40), scope: 'myko:read' },
  ops: { client_id: 'privileged', client_secret: 'p'.repeat(40), scope: 'myko:read myko:ops', groups: ['myko-ops'] },
};
const COMMANDS = { support: [], ops: ['CancelOrder'] };

let as: AuthorizationServer;
let app: OAuthApp;
let asPort: number;

beforeAll(async () => {
  asPort = await freePort();
  app = await startOAuthApp({
    issuers: [`http://127.0.0.1:${asPort}`],
    profiles: [
      { profile: 'ops', match: { groups: 'myko-ops' } },
      { profile: 'support', match: { scope: 'myko:read' } },
    ],
    scopesSupported: ['myko:read', 'myko:ops'],
  });
  as = await AuthorizationServer.start({
    port: asPort,
    keys: [await signingKey('sdk-key')],
    defaultResource: app.mcpUrl.href,
    clients: Object.values(CLIENTS),
  });
});

afterAll(() =>
  releaseAll(
    () => app?.close(),
    () => as?.stop(),
  ),
);

interface Flow {
  listCommands(): Promise<string[]>;
  token(): string | undefined;
  close(): Promise<void>;
}

type CallResult = { structuredContent?: { operations: { id: string }[] } };

/** What both SDKs' clients and credential providers offer a flow: a tool call, a close, the token held. */
interface Connected {
  callTool(params: { name: string; arguments: Record<string, unknown> }): Promise<unknown>;
  close(): Promise<void>;
}

function flowOf(mcp: Connected, authProvider: { tokens(): { access_token: string } | undefined }): Flow {
  return {
    listCommands: async () => {
      const found = (await mcp.callTool({ name: 'search', arguments: { kind: 'command' } })) as CallResult;
      return (found.structuredContent?.operations ?? []).map((op) => op.id);
    },
    token: () => authProvider.tokens()?.access_token,
    close: () => mcp.close(),
  };
}

const credentialsOf = (client: OidcClient) => ({
  clientId: client.client_id,
  clientSecret: client.client_secret,
  scope: client.scope,
  expectedIssuer: as.issuer,
});

async function legacyFlow(client: OidcClient): Promise<Flow> {
  const authProvider = new LegacyCredentials(credentialsOf(client));
  const mcp = new LegacyClient({ name: 'sdk-v1-credentials', version: '1.0.0' });
  await mcp.connect(new LegacyHttpTransport(app.mcpUrl, { authProvider }));
  return flowOf(mcp, authProvider);
}

async function modernFlow(client: OidcClient): Promise<Flow> {
  const authProvider = new ModernCredentials(credentialsOf(client));
  const mcp = new ModernClient({ name: 'sdk-v2-credentials', version: '1.0.0' });
  await mcp.connect(new ModernHttpTransport(app.mcpUrl, { authProvider }));
  return flowOf(mcp, authProvider);
}

describe('finding 16: both SDKs obtain a token by the client-credentials flow, least-privilege or not', () => {
  it.each([
    ['SDK 1.x', 'support'],
    ['SDK 1.x', 'ops'],
    ['SDK v2', 'support'],
    ['SDK v2', 'ops'],
  ] as const)('%s, %s client: discovers the IdP from the 401, gets a token, sees its profile', async (sdk, name) => {
    const flow = await (sdk === 'SDK 1.x' ? legacyFlow : modernFlow)(CLIENTS[name]);
    try {
      const claims = claimsOf(flow.token() ?? '');
      expect(claims.aud).toBe(app.mcpUrl.href);
      expect(claims.client_id).toBe(CLIENTS[name].client_id);
      expect(await flow.listCommands()).toEqual(COMMANDS[name]);
    } finally {
      await flow.close();
    }
  });
});
