import { randomBytes } from 'node:crypto';

/** A random prefix per process, so that ids of two runs or two replicas do not collide in one log store. */
const PREFIX = randomBytes(4).toString('hex');
let sequence = 0;

/**
 * A new server-generated request id (`<8 hex of the process>-<base-36 sequence>`): unique per process
 * and cheap (a counter), since every request gets one whether or not anything is logged.
 */
export function nextRequestId(): string {
  sequence += 1;
  return `${PREFIX}-${sequence.toString(36)}`;
}

/** Which request a log line belongs to: the server's id and, when tracing is on, the W3C trace id. */
export interface RequestIds {
  readonly requestId?: string;
  readonly traceId?: string;
}

/**
 * The tag that starts every log line written for a request: `[request=<id> trace=<trace id>]`
 * (`trace=` only when traced); empty for work outside a request. Never carries argument values.
 */
export function requestLogTag(ids: RequestIds | undefined): string {
  if (!ids?.requestId) return '';
  return ids.traceId ? `[request=${ids.requestId} trace=${ids.traceId}] ` : `[request=${ids.requestId}] `;
}
