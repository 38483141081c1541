import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { WebSocketClientTransport } from '@modelcontextprotocol/sdk/client/websocket.js';
import { exportJWK, generateKeyPair, type JWK, type JWTPayload, SignJWT } from 'jose';
import { WebSocket } from 'ws';
import { createHttpApp } from '../../src/bootstrap/http-app.factory';
import { createAppConfig } from '../../src/config/app.config';
import { writeAccessConfig } from './access-fixtures';

const SERVER_SCRIPT = resolve(__dirname, 'oidc-provider.server.mjs');

/** A client registered at the test authorization server. */
export interface OidcClient {
  client_id: string;
  client_secret: string;
  scope: string;
  groups?: string[];
  /** Access token lifetime in seconds (default 300). */
  ttl?: number;
  /** More `aud` entries beside the resource (a token also for a connector's backend). */
  audiences?: string[];
}

/** A private signing key (JWK with `kid` and `alg`) and the same key for signing tokens here. */
export interface SigningKey {
  jwk: JWK & { kid: string; alg: string };
  privateKey: Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];
}

export async function signingKey(kid: string): Promise<SigningKey> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  return { jwk: { ...(await exportJWK(privateKey)), kid, alg: 'RS256', use: 'sig' }, privateKey };
}

/** A free loopback port (listen on 0, close): the resource URI must be known before the server starts. */
export async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  await new Promise((done) => server.close(done));
  return port;
}

/** A running `oidc-provider` (child process): client credentials, JWT access tokens, resource indicators. */
export class AuthorizationServer {
  private constructor(
    private readonly child: ChildProcess,
    readonly port: number,
  ) {}

  get issuer(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  static async start(settings: {
    port: number;
    keys: SigningKey[];
    defaultResource: string;
    clients: OidcClient[];
  }): Promise<AuthorizationServer> {
    const env = {
      ...process.env,
      NODE_OPTIONS: '',
      OIDC_SETTINGS: JSON.stringify({ ...settings, keys: undefined, signingKeys: settings.keys.map((k) => k.jwk) }),
    };
    const child = spawn(process.execPath, [SERVER_SCRIPT], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr?.on('data', (chunk) => {
      stderr += chunk;
    });
    await new Promise<void>((ready, fail) => {
      child.stdout?.once('data', () => ready());
      child.once('exit', (code) => fail(new Error(`oidc-provider exited (${code}): ${stderr}`)));
    });
    return new AuthorizationServer(child, settings.port);
  }

  /** A client-credentials access token, optionally for another resource (RFC 8707). */
  async token(client: OidcClient, options: { resource?: string; scope?: string } = {}): Promise<string> {
    const body = new URLSearchParams({ grant_type: 'client_credentials', scope: options.scope ?? client.scope });
    if (options.resource) body.set('resource', options.resource);
    const res = await fetch(`${this.issuer}/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${client.client_id}:${client.client_secret}`).toString('base64')}`,
      },
      body,
    });
    const json = (await res.json()) as { access_token?: string };
    if (!res.ok || !json.access_token) throw new Error(`token request failed: ${res.status} ${JSON.stringify(json)}`);
    return json.access_token;
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null) return;
    this.child.kill('SIGTERM');
    await once(this.child, 'exit');
  }
}

/** A JWT signed here with `key` (the AS's own key, or a stranger's), with chosen claims and header. */
export function forgeToken(key: SigningKey, claims: JWTPayload, header: Record<string, unknown> = {}): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: key.jwk.kid, ...header })
    .sign(key.privateKey);
}

/** An unsigned token (`alg: none`) carrying `claims`. */
export function unsignedToken(claims: JWTPayload): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'none', typ: 'JWT' })}.${part(claims)}.`;
}

/** The claims of a JWT, unverified (to build tampered and forged copies of a real token). */
export function claimsOf(token: string): JWTPayload {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as JWTPayload;
}

/**
 * The SDK's WebSocket transport, offering extra subprotocol entries beside `mcp` (the token entry
 * `myko.oauth.<jwt>`): it builds its socket from the global `WebSocket` inside `start()`.
 */
export class SubprotocolWebSocketTransport extends WebSocketClientTransport {
  constructor(
    url: URL,
    private readonly extra: string[],
  ) {
    super(url);
  }

  override start(): Promise<void> {
    const global = globalThis as { WebSocket?: unknown };
    const previous = global.WebSocket;
    const extra = this.extra;
    global.WebSocket = class extends WebSocket {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(url, [protocols ?? []].flat().concat(extra));
      }
    };
    try {
      return super.start();
    } finally {
      global.WebSocket = previous;
    }
  }
}

/** The status and headers a WebSocket handshake is refused with (or 101 when it is accepted). */
export async function wsHandshake(
  url: URL,
  protocols: string[],
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined> }> {
  const socket = new WebSocket(url, protocols, { headers });
  return new Promise((done, fail) => {
    socket.once('unexpected-response', (_req, res) => {
      done({ status: res.statusCode ?? 0, headers: res.headers });
      res.resume();
      socket.terminate();
    });
    socket.once('open', () => {
      done({ status: 101, headers: {} });
      socket.close();
    });
    socket.once('error', fail);
  });
}

/** A running server with an `oauth` section: its resource URI (the `aud` to sign for) and how to close it. */
export interface OAuthApp {
  readonly mcpUrl: URL;
  readonly wsUrl: URL;
  close(): Promise<void>;
}

/**
 * The app with both API-key profiles and `oauth` (the resource URI filled in: the port is chosen
 * first, so tokens can name it), on a free loopback port.
 */
export async function startOAuthApp(oauth: Record<string, unknown>): Promise<OAuthApp> {
  const port = await freePort();
  const mcpUrl = new URL(`http://127.0.0.1:${port}/mcp`);
  const fixture = writeAccessConfig({ oauth: { resource: mcpUrl.href, ...oauth } });
  const config = createAppConfig(
    'serve',
    { host: '127.0.0.1', port, databasePath: ':memory:', configPath: fixture.path },
    {},
  );
  const app = await createHttpApp(config, ['error']);
  await app.listen(port, '127.0.0.1');
  return { mcpUrl, wsUrl: new URL(`ws://127.0.0.1:${port}/mcp`), close: () => app.close() };
}

/** A raw JSON-RPC POST to the MCP endpoint (`initialize` unless another body is given). */
export function postMcp(url: URL, headers: Record<string, string>, body?: unknown): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body: JSON.stringify(
      body ?? {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
      },
    ),
  });
}
