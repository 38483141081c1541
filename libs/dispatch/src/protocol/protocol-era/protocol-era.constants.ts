import type { ProtocolMode } from '../../interfaces/dispatch-options.interface';

/** The stateless revision: every request carries its own `_meta` envelope, no `initialize`. */
export const MODERN_PROTOCOL_VERSION = '2026-07-28';

/** Modern revisions this server speaks, newest first. */
export const MODERN_PROTOCOL_VERSIONS: readonly string[] = [MODERN_PROTOCOL_VERSION];

export const PROTOCOL_MODES: readonly ProtocolMode[] = ['dual', 'modern-only', 'legacy-only'];

/** The reserved `_meta` keys of 2026-07-28 (basic/index). */
export const META_KEYS = {
  protocolVersion: 'io.modelcontextprotocol/protocolVersion',
  clientCapabilities: 'io.modelcontextprotocol/clientCapabilities',
  clientInfo: 'io.modelcontextprotocol/clientInfo',
  logLevel: 'io.modelcontextprotocol/logLevel',
  serverInfo: 'io.modelcontextprotocol/serverInfo',
  subscriptionId: 'io.modelcontextprotocol/subscriptionId',
} as const;

/** MCP error codes new in 2026-07-28 (schema.ts, -32020 upwards). */
export const MODERN_ERROR_CODES = {
  HEADER_MISMATCH: -32020,
  MISSING_REQUIRED_CLIENT_CAPABILITY: -32021,
  UNSUPPORTED_PROTOCOL_VERSION: -32022,
} as const;

/** 2025-era methods the stateless revision removed: a modern request for one is an unknown method (HTTP 404). */
export const REMOVED_METHODS: ReadonlySet<string> = new Set([
  'initialize',
  'ping',
  'logging/setLevel',
  'resources/subscribe',
  'resources/unsubscribe',
]);

/** The only requests that may answer `resultType: "input_required"` (basic/patterns/mrtr). */
export const INPUT_REQUIRED_METHODS: ReadonlySet<string> = new Set(['tools/call', 'prompts/get', 'resources/read']);

/** Results that MUST carry `ttlMs` and `cacheScope` (server/utilities/caching). */
export const CACHEABLE_METHODS: ReadonlySet<string> = new Set([
  'server/discover',
  'tools/list',
  'prompts/list',
  'resources/list',
  'resources/templates/list',
  'resources/read',
]);

/**
 * How long a client may reuse a list or a schema: the tool, prompt and resource sets are fixed at
 * boot, so a minute is safe; `private` because every list depends on the caller's filters and key.
 */
export const LIST_TTL_MS = 60_000;

/** Plugin resources can change at any time (`ResourceEvents.changed`): not cached. */
export const CUSTOM_RESOURCE_TTL_MS = 0;

/** Default lifetime of a signed `requestState` (an `input_required` round waits on a person). */
export const DEFAULT_REQUEST_STATE_TTL_SECONDS = 600;

/** The 2026-07-28 tasks extension (SEP-2663): advertised in `server/discover`, declared by a client that takes tasks. */
export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';
