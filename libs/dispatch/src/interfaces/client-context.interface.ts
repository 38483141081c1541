import type { ClientFilters } from '@myko/filter';
import type { JsonRpcNotification } from './json-rpc.types';

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
  /**
   * Sends a notification related to the message being handled (progress, log). Absent when the
   * transport cannot deliver one now; dispatch then drops it.
   */
  readonly notify?: (notification: JsonRpcNotification) => void;
}
