import type { JsonRpcId } from '../interfaces/json-rpc.types';

/** Params of a request or notification: always an object (absent params read as `{}`). */
export type JsonRpcParams = Record<string, unknown>;

/** One incoming message after validation, by what it asks of us. */
export type IncomingMessage =
  | { type: 'request'; id: JsonRpcId; method: string; params: JsonRpcParams }
  | { type: 'notification'; method: string; params: JsonRpcParams }
  /** A result or error sent by the client (we send no requests yet): dropped. */
  | { type: 'response' }
  /** Not a valid message; answered with `error` and `id` (null when the id is unreadable). */
  | { type: 'invalid'; id: JsonRpcId | null; error: Error };
