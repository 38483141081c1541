import { type ClassifiedMessage, failureResponse, type JsonRpcFailure } from '@myko/dispatch';
import { type Admission, type EdgeAdmission, isRefusal } from './edge-admission.service';
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
