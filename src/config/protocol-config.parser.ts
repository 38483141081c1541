import { unknownPropertyMessage } from './unknown-property.message';

type Add = (path: string, problem: string) => void;

/** The MCP eras served (`protocol`) and the signing of 2026-07-28 `requestState` (`requestState`). */
export interface ProtocolConfig {
  readonly protocol?: 'dual' | 'modern-only' | 'legacy-only';
  readonly requestState?: { readonly key?: string; readonly ttlSeconds?: number };
}

const MODES = ['dual', 'modern-only', 'legacy-only'] as const;
/** An HMAC key shorter than its hash output is weaker than it looks. */
const MIN_KEY_LENGTH = 32;

/** Validates the root `protocol` and `requestState` keys of the config file. */
export function parseProtocolConfig(protocol: unknown, requestState: unknown, add: Add): ProtocolConfig {
  const config: { protocol?: ProtocolConfig['protocol']; requestState?: { key?: string; ttlSeconds?: number } } = {};
  if (protocol !== undefined) {
    if (MODES.includes(protocol as (typeof MODES)[number])) config.protocol = protocol as ProtocolConfig['protocol'];
    else add('protocol', `expected one of ${MODES.map((m) => `"${m}"`).join(', ')}, got ${JSON.stringify(protocol)}`);
  }
  if (requestState === undefined) return config;
  if (typeof requestState !== 'object' || requestState === null || Array.isArray(requestState)) {
    add('requestState', 'expected an object { key?, ttlSeconds? }');
    return config;
  }
  const { key, ttlSeconds, ...rest } = requestState as Record<string, unknown>;
  for (const extra of Object.keys(rest))
    add(`requestState.${extra}`, unknownPropertyMessage(extra, ['key', 'ttlSeconds']));
  const state: { key?: string; ttlSeconds?: number } = {};
  if (key !== undefined) {
    if (typeof key === 'string' && key.length >= MIN_KEY_LENGTH) state.key = key;
    else add('requestState.key', `expected a secret string of at least ${MIN_KEY_LENGTH} characters`);
  }
  if (ttlSeconds !== undefined) {
    if (Number.isInteger(ttlSeconds) && (ttlSeconds as number) >= 1 && (ttlSeconds as number) <= 86_400) {
      state.ttlSeconds = ttlSeconds as number;
    } else add('requestState.ttlSeconds', 'expected an integer from 1 to 86400');
  }
  config.requestState = state;
  return config;
}
