import { McpHttpError } from '../errors';
import { RESUMABLE_PROTOCOL_VERSION, TRANSPORT_ERROR } from '../gateways.constants';

/** Which answer forms the client accepts for a POSTed request. */
export interface AcceptedResponses {
  json: boolean;
  sse: boolean;
}

function mediaTypes(header: string | undefined): string[] {
  if (header === undefined || header.trim() === '') return ['*/*'];
  return header
    .split(',')
    .map((part) => part.split(';'))
    .filter(([, ...params]) => !params.some((p) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(p)))
    .map(([type]) => type.trim().toLowerCase());
}

/** 415 unless the body is declared as `application/json` (any charset parameter). */
export function assertJsonContentType(contentType: string | undefined): void {
  const type = contentType?.split(';')[0].trim().toLowerCase();
  if (type !== 'application/json') {
    throw new McpHttpError(415, TRANSPORT_ERROR, 'Unsupported Media Type: Content-Type must be application/json');
  }
}

/**
 * Reads `Accept` for a POST. JSON answers need `application/json` (or a wildcard; a missing header
 * accepts anything); SSE answers need `text/event-stream` explicitly. Neither → 406.
 */
export function acceptedResponses(accept: string | undefined): AcceptedResponses {
  const types = mediaTypes(accept);
  const json = types.some((t) => t === 'application/json' || t === 'application/*' || t === '*/*');
  const sse = types.includes('text/event-stream');
  if (!json && !sse) {
    throw new McpHttpError(
      406,
      TRANSPORT_ERROR,
      'Not Acceptable: Accept must include application/json or text/event-stream',
    );
  }
  return { json, sse };
}

/** Whether a GET may open the server→client event stream. */
export function acceptsEventStream(accept: string | undefined): boolean {
  return mediaTypes(accept).includes('text/event-stream');
}

/** 400 when the `MCP-Protocol-Version` header names a version this server does not speak. */
export function assertProtocolVersion(header: string | undefined, supported: readonly string[]): void {
  if (header === undefined || supported.includes(header.trim())) return;
  throw new McpHttpError(
    400,
    TRANSPORT_ERROR,
    `Bad Request: unsupported MCP-Protocol-Version ${JSON.stringify(header)} (supported: ${supported.join(', ')})`,
  );
}

/** Priming events, `retry` and early closes are for clients at 2025-11-25 or later (older ones choke on empty data). */
export function isResumable(version: string | undefined): boolean {
  return version !== undefined && version.trim() >= RESUMABLE_PROTOCOL_VERSION;
}
