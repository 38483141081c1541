import { resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { WebSocketClientTransport } from '@modelcontextprotocol/sdk/client/websocket.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { installWebSocketGlobal } from './websocket-global';

export type TransportName = 'stdio' | 'http' | 'ws';

/** The launcher MCP hosts start; needs `npm run build` (the test script builds first). */
export const LAUNCHER = resolve(__dirname, '../../bin/myko-nest');

/** Spawns `bin/myko-nest stdio --db :memory:` with the given extra environment. */
export function stdioTransport(env: Record<string, string> = {}): StdioClientTransport {
  return new StdioClientTransport({
    command: LAUNCHER,
    args: ['stdio', '--db', ':memory:'],
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stderr: 'pipe',
  });
}

export function clientTransport(name: TransportName, urls: { httpUrl: URL; wsUrl: URL }): Transport {
  if (name === 'stdio') return stdioTransport();
  if (name === 'http') return new StreamableHTTPClientTransport(urls.httpUrl);
  installWebSocketGlobal();
  return new WebSocketClientTransport(urls.wsUrl);
}

/** An official SDK client, connected (initialize + initialized done). */
export async function connectClient(transport: Transport): Promise<Client> {
  const client = new Client({ name: 'myko-e2e', version: '1.0.0' });
  await client.connect(transport);
  return client;
}
