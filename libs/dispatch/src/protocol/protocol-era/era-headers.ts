import type { EraHeaders } from '../../interfaces/era-headers.interface';
import type { JsonRpcParams } from '../json-rpc/json-rpc.message';
import { HeaderMismatchError } from './protocol-era.errors';
import { requestedVersion } from './request-envelope';

/** The body field `Mcp-Name` mirrors, by method. */
const NAME_FIELD: Readonly<Record<string, string>> = {
  'tools/call': 'name',
  'prompts/get': 'name',
  'resources/read': 'uri',
  // The tasks extension (SEP-2663) routes its methods by task.
  'tasks/get': 'taskId',
  'tasks/update': 'taskId',
  'tasks/cancel': 'taskId',
};

/** `=?base64?…?=` carries a non-ASCII value; anything else is the value itself. */
export function decodeHeaderValue(value: string): string {
  const match = /^=\?base64\?(.*)\?=$/i.exec(value.trim());
  return match ? Buffer.from(match[1], 'base64').toString('utf8') : value.trim();
}

/**
 * -32020 when a mirrored header is missing or says something else than the body: an intermediary
 * that routes on headers must see what the server will act on.
 */
export function checkEraHeaders(method: string, params: JsonRpcParams, headers: EraHeaders): void {
  const version = requestedVersion(params);
  if (typeof version === 'string' && headers.protocolVersion?.trim() !== version) {
    throw new HeaderMismatchError(
      `Header mismatch: MCP-Protocol-Version ${JSON.stringify(headers.protocolVersion ?? null)} differs from the request's protocol version ${JSON.stringify(version)}`,
    );
  }
  if (headers.method === undefined || decodeHeaderValue(headers.method) !== method) {
    throw new HeaderMismatchError(
      `Header mismatch: Mcp-Method ${JSON.stringify(headers.method ?? null)} differs from the method ${JSON.stringify(method)}`,
    );
  }
  const field = NAME_FIELD[method];
  const expected = field === undefined ? undefined : params[field];
  if (typeof expected !== 'string') return;
  if (headers.name === undefined || decodeHeaderValue(headers.name) !== expected) {
    throw new HeaderMismatchError(
      `Header mismatch: Mcp-Name ${JSON.stringify(headers.name ?? null)} differs from params.${field} ${JSON.stringify(expected)}`,
    );
  }
}
