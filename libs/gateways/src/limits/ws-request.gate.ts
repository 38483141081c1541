import { type TransportErrorResponse, transportError } from '../common/json-rpc-error';
import { jsonRpcMessageKind } from '../common/json-rpc-message.kind';
import { type Admission, type EdgeAdmission, isRefusal } from './edge-admission.service';
import { limitErrorData } from './limit-exceeded.error';
import { LIMIT_EXCEEDED } from './limits.constants';

/** The outcome for one parsed WebSocket message: go on (release when answered), or answer this error. */
export type WsGateResult = { readonly admitted: Admission | undefined } | { readonly refused: TransportErrorResponse };

/**
 * Applies the request limits (rate, in flight) to one message of a WebSocket connection. Only
 * requests are counted; the refusal is the JSON-RPC error the socket sends back, with the request's id.
 */
export function gateWsMessage(
  admission: EdgeAdmission,
  message: unknown,
  sessionKey: string,
  rateKey: string,
): WsGateResult {
  if (jsonRpcMessageKind(message) !== 'request') return { admitted: undefined };
  const decision = admission.admitRequest(sessionKey, rateKey);
  if (!isRefusal(decision)) return { admitted: decision };
  const id = (message as { id: string | number }).id;
  return { refused: transportError(LIMIT_EXCEEDED, decision.message, id, limitErrorData(decision)) };
}
