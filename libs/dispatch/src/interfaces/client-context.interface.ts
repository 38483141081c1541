import type { BearerCredential, ToolMode } from '@myko/access';
import type { ClientFilters, FilterNarrowing } from '@myko/filter';
import type { EraHeaders } from './era-headers.interface';
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
  /**
   * What the client's own headers (stdio: the `MYKO_MCP_TOOL_*` variables) narrowed its profile with (part of
   * `filters`), as sent: a paused execution keeps it, so its resume runs under the same access. Absent when they
   * narrowed nothing.
   */
  readonly narrowing?: FilterNarrowing;
  /** Access profile name when auth is configured. */
  readonly principal?: string;
  /** Who holds the bearer token (`sub`, else `client_id`) when the client authenticated with OAuth. */
  readonly subject?: string;
  /** The client's verified OAuth bearer token and its audiences, for connectors that pass it through. */
  readonly bearer?: BearerCredential;
  /**
   * The key or token holder the client presented (`ClientAccess.keyId`), what an HTTP session is bound
   * to: a 2026-07-28 `requestState` is sealed to it beside `principal`. Absent for a keyless client,
   * whose states any keyless client of the same profile may continue.
   */
  readonly identity?: string;
  /** W3C trace context the transport received with this message (HTTP `traceparent`, `tracestate`). */
  readonly traceContext?: Readonly<Record<string, string>>;
  /**
   * Who the client is across its sessions, for per-client limits and accounting (`execute`'s resident
   * caps, abuse backoff and crash accounting): `key:<digest prefix>` when it presented an API key, else
   * `address:<client address>` (the peer, or behind a trusted proxy the address it forwarded). Absent for
   * callers the gateway cannot name.
   */
  readonly clientId?: string;
  /**
   * The conversation inside the principal (see `conversationOf`): unset, the session (`sessionId`: an HTTP
   * session, a WebSocket connection). A gateway sets it for stateless requests, where each request has a
   * session of its own but many belong to one agent's conversation.
   */
  readonly conversationId?: string;
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
  /**
   * The transport has no session for this message (an HTTP POST without `Mcp-Session-Id`): on a
   * dual-era endpoint it can only be a 2026-07-28 request, and is refused as one when its `_meta` is missing.
   */
  readonly stateless?: boolean;
  /**
   * Whom per-client rules (the `execute` abuse backoff) count when there is no session to count:
   * the gateway's rate-limit key of a stateless request (`key:<identity prefix>` or `address:<ip>`).
   */
  readonly caller?: string;
  /** HTTP: the headers a 2026-07-28 request must mirror from its body (`MCP-Protocol-Version`, `Mcp-Method`, `Mcp-Name`). */
  readonly eraHeaders?: EraHeaders;
}
