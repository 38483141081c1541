import { type ClassifiedMessage, type ClientContext, failureResponse, type JsonRpcFailure } from '@myko/dispatch';
import { type Admission, type EdgeAdmission, isRefusal } from './edge-admission.service';
import { type EdgeRefusal, methodOf } from './edge-refusals';
import { limitErrorData } from './limit-exceeded.error';
import { LIMIT_EXCEEDED } from './limits.constants';
import type { QuotaSubject } from './quota-rates';

/** The outcome for one parsed WebSocket message: go on (release when answered), or answer this error. */
export type WsGateResult = { readonly admitted: Admission | undefined } | { readonly refused: JsonRpcFailure };

/**
 * Applies the request limits (rate, in flight, the profile's `requestsPerSecond` quota) to one message of a WebSocket connection. Only
 * requests are counted; the refusal is the JSON-RPC error the socket sends back, with the request's id.
 */
export function gateWsMessage(
  admission: EdgeAdmission,
  message: ClassifiedMessage,
  sessionKey: string,
  rateKey: string,
  quota?: QuotaSubject,
): WsGateResult {
  if (message.type !== 'request') return { admitted: undefined };
  const decision = admission.admitRequest(sessionKey, rateKey, undefined, quota);
  if (!isRefusal(decision)) return { admitted: decision };
  const error = { code: LIMIT_EXCEEDED, message: decision.message, data: limitErrorData(decision) };
  return { refused: failureResponse(message.id, error) };
}

/** A request refused on an open socket (`gateWsMessage`), as the audit log's refusal of its connection. */
export function wsEdgeRefusal(client: ClientContext, message: ClassifiedMessage, refused: JsonRpcFailure): EdgeRefusal {
  const data = refused.error.data as { limit: string; retryAfterMs: number };
  const principal = client.clientId ?? 'unknown';
  const operation = methodOf(message);
  return {
    at: Date.now(),
    door: 'ws',
    principal,
    conversation: `${principal}/${client.sessionId}`,
    ...(operation === undefined ? {} : { operation }),
    reason: data.limit,
    retryAfterMs: data.retryAfterMs,
    detail: refused.error.message,
  };
}
