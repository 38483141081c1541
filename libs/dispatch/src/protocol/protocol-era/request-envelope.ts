import type { McpLogLevel } from '@myko/mcp';
import type { PeerInfo } from '../../interfaces/session-state.interface';
import { isPlainObject } from '../json-rpc/json-rpc.codec';
import type { JsonRpcParams } from '../json-rpc/json-rpc.message';
import { isLogLevel } from '../logging/log-level';
import { META_KEYS } from './protocol-era.constants';
import { InvalidEnvelopeError, UnsupportedProtocolVersionError } from './protocol-era.errors';

/** What a 2026-07-28 request says about its client, in place of the `initialize` handshake. */
export interface RequestEnvelope {
  readonly protocolVersion: string;
  readonly clientCapabilities: Record<string, unknown>;
  readonly clientInfo?: PeerInfo;
  /** Absent: no `notifications/message` may be sent for this request. */
  readonly logLevel?: McpLogLevel;
}

function metaOf(params: JsonRpcParams): Record<string, unknown> | undefined {
  return isPlainObject(params._meta) ? params._meta : undefined;
}

/** Whether the request speaks the stateless revision: its `_meta` carries a modern envelope key. */
export function hasModernEnvelope(params: JsonRpcParams): boolean {
  const meta = metaOf(params);
  return meta !== undefined && (META_KEYS.protocolVersion in meta || META_KEYS.clientCapabilities in meta);
}

/** The version a request asks for, when it names one (for the HTTP header check). */
export function requestedVersion(params: JsonRpcParams): unknown {
  return metaOf(params)?.[META_KEYS.protocolVersion];
}

/**
 * Reads and checks the envelope: version and capabilities are required (-32602), the version must
 * be served (-32022); `clientInfo` is a SHOULD, so its absence is fine.
 */
export function readEnvelope(params: JsonRpcParams, supported: readonly string[]): RequestEnvelope {
  const meta = metaOf(params);
  if (!meta)
    throw new InvalidEnvelopeError(
      'Invalid params: `_meta` with the protocol version and client capabilities is required',
    );
  const version = meta[META_KEYS.protocolVersion];
  if (typeof version !== 'string') {
    throw new InvalidEnvelopeError(`Invalid params: \`_meta["${META_KEYS.protocolVersion}"]\` must be a string`);
  }
  const capabilities = meta[META_KEYS.clientCapabilities];
  if (!isPlainObject(capabilities)) {
    throw new InvalidEnvelopeError(`Invalid params: \`_meta["${META_KEYS.clientCapabilities}"]\` must be an object`);
  }
  if (!supported.includes(version)) throw new UnsupportedProtocolVersionError(version, supported);
  const level = meta[META_KEYS.logLevel];
  if (level !== undefined && !isLogLevel(level)) {
    throw new InvalidEnvelopeError(`Invalid params: \`_meta["${META_KEYS.logLevel}"]\` is not a log level`);
  }
  const info = meta[META_KEYS.clientInfo];
  return {
    protocolVersion: version,
    clientCapabilities: capabilities,
    clientInfo: isPlainObject(info)
      ? { name: String(info.name ?? ''), version: String(info.version ?? '') }
      : undefined,
    logLevel: level,
  };
}
