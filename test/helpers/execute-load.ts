import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { generateApiKey, hashApiKey } from '@myko/access';
import { SandboxService } from '@myko/sandbox';
import type { Type } from '@nestjs/common';
import { createAppConfig } from '../../src/config/app.config';
import { clientTransport, connectClient } from './mcp-client';
import { releaseAll } from './releases';
import { startTestServer, type TestServer } from './test-server';

/** The slow-backend plugin: `query_Wait { ms }` answers after `ms`, `command_RecordPing` writes. */
export const SLOW_BACKEND = resolve(__dirname, '../fixtures/plugins/slow-backend.plugin.js');

/** A script that awaits a promise nothing will ever settle (it holds its resident place until stopped). */
export const NEVER_SETTLES = 'await new Promise(() => {});';

/**
 * The service with the slow-backend plugin and the given `sandbox` section, through a config file as an
 * operator would write it. Two API keys (`keys.a`, `keys.b`) of one profile that sees everything; clients
 * without a key are served too (by address).
 */
export interface LoadServer {
  server: TestServer;
  keys: { a: string; b: string };
  /** A client (see `connect`), closed by `close()`. */
  open(key?: string): Promise<Client>;
  /** Closes every client `open` made, then the server. */
  close(): Promise<void>;
}

/** `config`: more of the config file's root beside `sandbox` (`{ typeCheck: 'off' }`). */
export async function startLoadServer(
  sandbox: Record<string, unknown>,
  config: Record<string, unknown> = {},
): Promise<LoadServer> {
  const keys = { a: generateApiKey(), b: generateApiKey() };
  const dir = mkdtempSync(join(tmpdir(), 'myko-load-'));
  const configPath = join(dir, 'myko.config.json');
  const profiles = { agents: { keys: [hashApiKey(keys.a), hashApiKey(keys.b)] } };
  writeFileSync(configPath, JSON.stringify({ ...config, auth: { required: false }, profiles, sandbox }));
  const cli = { host: '127.0.0.1', port: 0, databasePath: ':memory:', auditLog: 'off', configPath, plugins: [] };
  // Loaded the way `loadPlugins()` hands it to the app (its ESM hooks cannot run under jest; the --plugin
  // loader has its own e2e tests): the plugin's packages resolve to the service's own copies here too.
  const { SlowBackendPluginModule } = require(SLOW_BACKEND) as { SlowBackendPluginModule: Type };
  const pluginModules = [{ file: SLOW_BACKEND, module: SlowBackendPluginModule }];
  const server = await startTestServer({ ...createAppConfig('serve', cli, {}), pluginModules });
  const clients: Client[] = [];
  const open = async (key?: string) => {
    const client = await connect(server, key);
    clients.push(client);
    return client;
  };
  const close = () =>
    releaseAll(
      () => Promise.all(clients.map((client) => client.close())),
      () => server.close(),
    );
  return { server, keys, open, close };
}

/** An SDK client over Streamable HTTP presenting `key`, or over WebSocket without one. */
export function connect(server: TestServer, key?: string): Promise<Client> {
  if (key === undefined) return connectClient(clientTransport('ws', server));
  const headers = { Authorization: `Bearer ${key}` };
  return connectClient(new StreamableHTTPClientTransport(server.httpUrl, { requestInit: { headers } }));
}

export interface ExecuteOutcome {
  isError: boolean;
  text: string;
}

/** `tools/call execute`; a JSON-RPC error rejects (as `McpError`). */
export async function execute(client: Client, code: string, timeoutMs?: number): Promise<ExecuteOutcome> {
  const args = timeoutMs === undefined ? { code } : { code, timeoutMs };
  const result = await client.callTool({ name: 'execute', arguments: args }, undefined, { timeout: 120_000 });
  const text = (result.content as { text: string }[]).map((block) => block.text).join('\n');
  return { isError: result.isError === true, text };
}

/** The JSON-RPC error an `execute` was refused with. */
export async function refusal(pending: Promise<unknown>): Promise<McpError> {
  const error = await pending.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof McpError)) throw new Error(`expected a JSON-RPC error, got ${String(error)}`);
  return error;
}

/** Resolves once `count` scripts await the slow backend's `Wait` (so none of them is executing). */
export function untilWaiting(server: TestServer, count: number): Promise<void> {
  const { SlowBackendOperations } = require(SLOW_BACKEND) as { SlowBackendOperations: Type };
  const operations = server.app.get<{ waiting: number }>(SlowBackendOperations);
  return untilCount(() => operations.waiting, count, 'scripts awaited Wait');
}

/** Resolves once the sandbox holds `count` resident runs (polling its status). */
export function untilResident(server: TestServer, count: number): Promise<void> {
  const sandbox = server.app.get(SandboxService);
  return untilCount(() => sandbox.status().running, count, 'runs became resident');
}

/** Polls `read` every 20 ms, for up to 20 s, until it reaches `count`; then fails saying how many `what`. */
async function untilCount(read: () => number, count: number, what: string): Promise<void> {
  for (let i = 0; i < 1_000 && read() < count; i++) {
    await new Promise((done) => setTimeout(done, 20));
  }
  if (read() < count) throw new Error(`only ${read()} ${what}`);
}
