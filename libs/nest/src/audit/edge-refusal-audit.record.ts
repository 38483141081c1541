import type { EdgeDoor, EdgeRefusal } from '@myko/gateways';

/** Ids, reasons and messages are cut to this many characters: a line stays bounded whatever a client sent. */
const MAX_FIELD_CHARS = 200;

/**
 * The audit line of refusals at the edge (a `guard` line, as the `execute` guards' refusals): the latest refusal of
 * a principal for one reason, and how many refusals of that principal for that reason the line stands for.
 */
export interface EdgeRefusalAuditRecord {
  /** ISO 8601, the latest refusal the line stands for. */
  time: string;
  kind: 'guard';
  event: 'refused';
  /** `key:<16 hex>` when the client's identity is known, else `address:<ip>`; never a credential. */
  principal: string;
  conversation?: string;
  /** The JSON-RPC method when it was read, `connect` for a WebSocket handshake, else `request`. */
  operation: string;
  outcome: 'refused';
  /** The limit (`rateLimit`, `maxSessionsPerKey`, `quota.requestsPerSecond`…), else `unauthorized`, `forbidden`… */
  reason: string;
  /** `http`, `ws-handshake`, `ws` (a -32029 on an open WebSocket; -32000 while draining), or `stdio` (while draining). */
  door: EdgeDoor;
  /** The HTTP status answered (absent on an open WebSocket). */
  status?: number;
  retryAfterMs?: number;
  /** Refusals of this principal for this reason the line stands for (1, or more in a flood). */
  count: number;
  /** What the client was told. */
  detail?: string;
}

function cut(text: string): string {
  return text.length > MAX_FIELD_CHARS ? `${text.slice(0, MAX_FIELD_CHARS)}...` : text;
}

/** The line of `count` refusals, `refusal` the latest of them. */
export function toEdgeRefusalAuditRecord(refusal: EdgeRefusal, count: number): EdgeRefusalAuditRecord {
  return {
    time: new Date(refusal.at).toISOString(),
    kind: 'guard',
    event: 'refused',
    principal: cut(refusal.principal),
    ...(refusal.conversation === undefined ? {} : { conversation: cut(refusal.conversation) }),
    operation: cut(refusal.operation ?? 'request'),
    outcome: 'refused',
    reason: cut(refusal.reason),
    door: refusal.door,
    ...(refusal.status === undefined ? {} : { status: refusal.status }),
    ...(refusal.retryAfterMs === undefined ? {} : { retryAfterMs: refusal.retryAfterMs }),
    count,
    ...(refusal.detail === undefined ? {} : { detail: cut(refusal.detail) }),
  };
}
