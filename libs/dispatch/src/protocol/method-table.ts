import type { ClientContext } from '../interfaces/client-context.interface';
import type { RequestContext } from '../interfaces/request-context.interface';
import type { JsonRpcParams } from './json-rpc/json-rpc.message';

export type RequestHandler = (
  params: JsonRpcParams,
  request: RequestContext,
) => Record<string, unknown> | Promise<Record<string, unknown>>;

export type NotificationHandler = (params: JsonRpcParams, client: ClientContext) => void;

/**
 * Which handler answers which JSON-RPC method, as the protocol layer asks for it. The table itself
 * (`MethodRouter`) knows every feature handler, so it lives above the features and is bound to this
 * token by the module: the runner and the eras below never import a feature.
 */
export abstract class MethodTable {
  abstract requestHandler(method: string): RequestHandler | undefined;
  /** Methods only the 2026-07-28 era has (`subscriptions/listen`), beside those of both eras. */
  abstract modernRequestHandler(method: string): RequestHandler | undefined;
  /** Notifications nobody handles are ignored, as JSON-RPC requires (never answered). */
  abstract notificationHandler(method: string): NotificationHandler | undefined;
}
