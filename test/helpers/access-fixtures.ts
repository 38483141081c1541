import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { WebSocketClientTransport } from '@modelcontextprotocol/sdk/client/websocket.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { generateApiKey, hashApiKey } from '@myko/access';
import { FILTER_ENV_VARS, FILTER_HEADERS } from '@myko/filter';
import { WebSocket } from 'ws';
import { createAppConfig } from '../../src/config/app.config';
import { LAUNCHER, type TransportName } from './mcp-client';
import { startTestServer, type TestServer } from './test-server';

/** The two profiles of the README's worked example, with fresh keys. */
export const KEYS = { support: generateApiKey(), ops: generateApiKey() } as const;
export type ProfileName = keyof typeof KEYS;

export const PROFILES = {
  support: {
    description: 'Read-only support agent: looks orders, customers and stock up; changes nothing',
    keys: [hashApiKey(KEYS.support)],
    visibility: { allow: ['query_*', 'view_*', 'report_*'] },
  },
  ops: {
    description: 'Operations agent: reads everything, cancels orders of the BER warehouse only',
    keys: [hashApiKey(KEYS.ops)],
    visibility: { allow: ['query_*', 'view_*', 'report_*', 'command_CancelOrder'] },
    callable: { allow: { command_CancelOrder: { warehouseCode: ['BER'] } } },
  },
};

/** A config file with both profiles (auth required) and a file audit log, in a fresh directory. */
export function writeAccessConfig(extra: Record<string, unknown> = {}): { path: string; auditPath: string } {
  const dir = mkdtempSync(join(tmpdir(), 'myko-access-'));
  const path = join(dir, 'myko.config.json');
  writeFileSync(
    path,
    JSON.stringify({ auth: { required: true }, profiles: PROFILES, audit: { path: 'audit.log' }, ...extra }),
  );
  return { path, auditPath: join(dir, 'audit.log') };
}

/** The in-process server (HTTP + WebSocket) with that config, on a free loopback port. */
export function startAccessServer(configPath: string): Promise<TestServer> {
  return startTestServer(
    createAppConfig('serve', { host: '127.0.0.1', port: 0, databasePath: ':memory:', configPath }, {}),
  );
}

/** Filters a client adds to its profile: headers on HTTP/WebSocket, environment variables on stdio. */
export type ClientFilterInput = Partial<Record<keyof typeof FILTER_HEADERS, string>>;

export interface AccessClientOptions {
  profile?: ProfileName;
  filters?: ClientFilterInput;
}

function filterHeaders(filters: ClientFilterInput = {}): Record<string, string> {
  return Object.fromEntries(
    Object.entries(filters).map(([part, value]) => [FILTER_HEADERS[part as keyof ClientFilterInput], value]),
  );
}

function filterEnv(filters: ClientFilterInput = {}): Record<string, string> {
  return Object.fromEntries(
    Object.entries(filters).map(([part, value]) => [FILTER_ENV_VARS[part as keyof ClientFilterInput], value]),
  );
}

/**
 * The SDK's WebSocket transport, but with handshake headers: it builds its socket from the global
 * `WebSocket` inside `start()`, so a `ws` subclass carrying the headers is put there for that moment.
 */
export class HeaderWebSocketTransport extends WebSocketClientTransport {
  constructor(
    url: URL,
    private readonly headers: Record<string, string>,
  ) {
    super(url);
  }

  override start(): Promise<void> {
    const global = globalThis as { WebSocket?: unknown };
    const previous = global.WebSocket;
    const headers = this.headers;
    global.WebSocket = class extends WebSocket {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(url, protocols, { headers });
      }
    };
    try {
      return super.start();
    } finally {
      global.WebSocket = previous;
    }
  }
}

/**
 * A transport acting as a profile: an API key (HTTP, WebSocket) or `MYKO_CONFIG` + `MYKO_PROFILE`
 * (stdio, a launched `bin/myko-nest stdio`), plus the client's own filters.
 */
export function accessTransport(
  name: TransportName,
  target: { server: TestServer; configPath: string },
  options: AccessClientOptions = {},
): Transport {
  const auth: Record<string, string> = options.profile ? { Authorization: `Bearer ${KEYS[options.profile]}` } : {};
  if (name === 'http') {
    const headers = { ...auth, ...filterHeaders(options.filters) };
    return new StreamableHTTPClientTransport(target.server.httpUrl, { requestInit: { headers } });
  }
  if (name === 'ws')
    return new HeaderWebSocketTransport(target.server.wsUrl, { ...auth, ...filterHeaders(options.filters) });
  return new StdioClientTransport({
    command: LAUNCHER,
    args: ['stdio', '--db', ':memory:'],
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      MYKO_CONFIG: target.configPath,
      ...(options.profile ? { MYKO_PROFILE: options.profile } : {}),
      ...filterEnv(options.filters),
    },
    stderr: 'pipe',
  });
}

/**
 * The JSON of a tool result, failing the test on a tool error: its `structuredContent` when it has
 * one (`search`, whose text block is a notation), else its first text block parsed.
 */
export async function callJson<T>(client: Client, name: string, args: Record<string, unknown>): Promise<T> {
  const result = await client.callTool({ name, arguments: args });
  const text = (result.content as { text: string }[])[0]?.text;
  if (result.isError) throw new Error(`${name} failed: ${text}`);
  return (result.structuredContent ?? JSON.parse(text)) as T;
}

/** The text of a tool result and whether it is an error. */
export async function callText(
  client: Client,
  name: string,
  args: Record<string, unknown>,
): Promise<{ isError: boolean; text: string }> {
  const result = await client.callTool({ name, arguments: args });
  return {
    isError: Boolean(result.isError),
    text: (result.content as { text: string }[]).map((c) => c.text).join('\n'),
  };
}

/** The audit log's lines, parsed. */
export function auditLines(path: string): Record<string, unknown>[] {
  let text = '';
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return [];
  }
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}
