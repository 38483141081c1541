import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateApiKey, hashApiKey } from '@myko/access';
import { createAppConfig } from '../../src/config/app.config';
import { startTestServer, type TestServer } from './test-server';

/** The admin key and one key per profile, fresh for each run. */
export const ADMIN_KEY = generateApiKey();
export const PROFILE_KEYS = {
  support: generateApiKey(),
  ops: generateApiKey(),
  warehouse: generateApiKey(),
  reader: generateApiKey(),
} as const;
export type AdminProfileName = keyof typeof PROFILE_KEYS;

/** Profiles with visibility, callability and approval rules on the example plugins. */
export const ADMIN_PROFILES = {
  support: {
    description: 'Read-only support agent',
    keys: [hashApiKey(PROFILE_KEYS.support)],
    visibility: { allow: ['query_*', 'view_*', 'report_*'] },
  },
  ops: {
    description: 'Cancels orders of BER only; restocks anywhere but MUC, with approval',
    keys: [hashApiKey(PROFILE_KEYS.ops)],
    visibility: { allow: ['query_*', 'view_*', 'report_*', 'command_CancelOrder', 'command_RestockProduct'] },
    callable: {
      allow: { command_CancelOrder: { warehouseCode: ['BER'] } },
      deny: { command_RestockProduct: { warehouseCode: ['MUC'] } },
    },
    approval: ['command_Restock*'],
  },
  warehouse: {
    description: 'Everything but deactivations and customers; lists orders of BER and HAM; no command for MUC',
    keys: [hashApiKey(PROFILE_KEYS.warehouse)],
    visibility: { deny: ['command_Deactivate*', 'command_*Customer'] },
    callable: {
      allow: { query_ListOrders: { warehouseCode: ['BER', 'HAM'] } },
      deny: { 'command_*': { warehouseCode: ['MUC'] } },
    },
    quotas: { runsAtOnce: 4 },
  },
  reader: {
    description: 'One tool per operation: queries and reports; lists orders of BER only',
    keys: [hashApiKey(PROFILE_KEYS.reader)],
    toolMode: 'direct',
    visibility: { allow: ['query_*', 'report_*'] },
    callable: { allow: { query_ListOrders: { warehouseCode: ['BER'] } } },
  },
};

/**
 * A config file with the profiles (auth required), a file audit log, and the admin API unless
 * `admin: false`. Scripts are not type-checked: the agreement test calls operations by computed names,
 * and compares each call's own decision, not the script's pre-check.
 */
export function writeAdminConfig(options: { admin?: boolean; path?: string; oauth?: boolean } = {}): {
  path: string;
  auditPath: string;
} {
  const dir = mkdtempSync(join(tmpdir(), 'myko-admin-'));
  const path = join(dir, 'myko.config.json');
  const admin = options.admin === false ? {} : { admin: { keys: [hashApiKey(ADMIN_KEY)], ...pathOf(options) } };
  const config = { auth: { required: true }, profiles: ADMIN_PROFILES, typeCheck: 'off', audit: { path: 'audit.log' } };
  writeFileSync(path, JSON.stringify({ ...config, ...admin, ...(options.oauth ? { oauth: OAUTH } : {}) }));
  return { path, auditPath: join(dir, 'audit.log') };
}

/** Tokens of an issuer no test reaches: only their claims are asked about (`oauth.profiles`). */
const OAUTH = {
  resource: 'http://127.0.0.1:1/mcp',
  issuers: [{ issuer: 'https://idp.invalid', jwksUri: 'https://idp.invalid/jwks' }],
  profiles: [
    { profile: 'ops', match: { scope: 'myko:ops' } },
    { profile: 'support', match: { groups: 'support' } },
  ],
};

function pathOf(options: { path?: string }): { path?: string } {
  return options.path === undefined ? {} : { path: options.path };
}

/** The in-process server with that config, on a free loopback port, with an in-memory database. */
export function startAdminServer(configPath: string): Promise<TestServer> {
  return startTestServer(
    createAppConfig('serve', { host: '127.0.0.1', port: 0, databasePath: ':memory:', configPath }, {}),
  );
}

/** A plain-fetch admin request: status and parsed JSON body. */
export async function adminFetch(
  server: TestServer,
  path: string,
  init: { method?: 'GET' | 'POST'; key?: string; body?: unknown } = {},
  // biome-ignore lint/suspicious/noExplicitAny: the specs read untyped JSON answers
): Promise<{ status: number; body: any; headers: Headers }> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (init.key !== undefined) headers.Authorization = `Bearer ${init.key}`;
  const response = await fetch(new URL(path, server.httpUrl), {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers,
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {}
  return { status: response.status, body, headers: response.headers };
}
