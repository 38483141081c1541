import type { ClientFilters, ToolMode } from '@myko/filter';
import type { JsonRpcNotification, JsonRpcRequest } from './json-rpc.types';

/**
 * Who sent a message and how to reach them: built by a gateway (per HTTP request, per WebSocket
 * connection, once for stdio) and passed with every message to `DispatchService.handle`.
 */
export interface ClientContext {
  readonly transport: 'stdio' | 'http' | 'ws' | 'internal';
  /**
   * Keys the session state kept by dispatch (initialize result, in-flight requests for
   * cancellation). HTTP: the `Mcp-Session-Id`; WebSocket: a per-connection id; stdio: one id.
   */
  readonly sessionId: string;
  /** The effective filter for this message. */
  readonly filters: ClientFilters;
  /** Access profile name when auth is configured. */
  readonly principal?: string;
  /** Who holds the bearer token (`sub`, else `client_id`) when the client authenticated with OAuth. */
  readonly subject?: string;
  /** W3C trace context the transport received with this message (HTTP `traceparent`, `tracestate`). */
  readonly traceContext?: Readonly<Record<string, string>>;
  /**
   * Sends a message related to the request being handled: a notification (progress, log) or a
   * server→client request (sampling, elicitation) whose response the client sends back through
   * `DispatchService.handle`. Absent when the transport cannot deliver one now; dispatch then drops
   * notifications and fails server requests.
   */
  readonly notify?: (message: JsonRpcNotification | JsonRpcRequest) => void;
  /**
   * Serves this client in this tool mode, whatever its profile's or the server's. Gateways leave it
   * unset: dispatch reads the mode of the client's `principal` (its access profile), else the server's.
   */
  readonly toolMode?: ToolMode;
}
