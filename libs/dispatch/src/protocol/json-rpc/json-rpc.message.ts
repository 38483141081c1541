import type { JsonRpcErrorObject, JsonRpcId } from '../../interfaces/json-rpc.types';

/** Params of a request or notification: always an object (absent params read as `{}`). */
export type JsonRpcParams = Record<string, unknown>;

/** One incoming message after validation, by what it asks of us. */
export type IncomingMessage =
  | { type: 'request'; id: JsonRpcId; method: string; params: JsonRpcParams }
  | { type: 'notification'; method: string; params: JsonRpcParams }
  /**
   * The client's answer to a request this server sent (sampling, elicitation): `result`, or `error`
   * when it is a JSON-RPC error object. `id` is null when unreadable (then it answers nothing of ours).
   */
  | { type: 'response'; id: JsonRpcId | null; result?: Record<string, unknown>; error?: JsonRpcErrorObject }
  /** Not a valid message; answered with `error` and `id` (null when the id is unreadable). */
  | { type: 'invalid'; id: JsonRpcId | null; error: Error };
