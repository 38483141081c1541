import type { McpLogLevel } from '@myko/mcp';
import type { InFlightEntry } from './in-flight-entry.interface';
import type { JsonRpcErrorObject, JsonRpcMessage } from './json-rpc.types';

/** `clientInfo` from `initialize`. */
export interface PeerInfo {
  name: string;
  version: string;
  title?: string;
}

/** The client's answer to one of our requests. */
export interface ClientResponse {
  result?: Record<string, unknown>;
  error?: JsonRpcErrorObject;
}

/** A request this server sent to the client (sampling, elicitation), waiting for its response. */
export interface PendingClientRequest {
  readonly method: string;
  /** Settles the waiting promise with the client's answer. */
  settle(response: ClientResponse): void;
  /** Rejects the waiting promise (session ended, cancelled, timed out). */
  abort(reason: string): void;
}

/** Sends a message on a session-level channel (WebSocket, stdio, an HTTP GET stream). */
export type SessionSend = (message: JsonRpcMessage) => void;

/** What dispatch remembers about one session (one HTTP session, one socket, one stdio process). */
export interface SessionState {
  readonly sessionId: string;
  protocolVersion?: string;
  clientInfo?: PeerInfo;
  clientCapabilities?: Record<string, unknown>;
  /** `notifications/initialized` received. */
  initialized: boolean;
  /** Keyed by `requestKey(id)`, so the string `"1"` and the number `1` stay distinct. */
  readonly inFlight: Map<string, InFlightEntry>;
  /** `notifications/message` below this level are not sent (`logging/setLevel`). */
  logLevel: McpLogLevel;
  /** URIs of `resources/subscribe`, each with the function that releases its watch. */
  readonly subscriptions: Map<string, () => void>;
  /** Our requests to the client awaiting an answer, keyed by `requestKey(id)`. */
  readonly pending: Map<string, PendingClientRequest>;
  /** Counter behind our request ids (`myko-srv-1`, …). */
  serverRequestCount: number;
  /** Open session-level channels, oldest first; messages go to the newest. */
  readonly channels: SessionSend[];
  /**
   * Clustered only: subscriptions begun (true) or ended (false) here since the gateway last wrote them
   * to the shared record, latest per URI (bounded by the URIs the session touched).
   */
  subscriptionChanges?: Map<string, boolean>;
}

/**
 * The part of a session's state another instance needs to go on serving it (all JSON): what
 * `initialize` negotiated, `notifications/initialized` and the log level. The subscribed URIs travel
 * apart, one at a time with their watcher (`takeSubscriptionChanges`), so that two instances never
 * overwrite each other's list.
 */
export interface SessionSnapshot {
  protocolVersion?: string;
  clientInfo?: PeerInfo;
  clientCapabilities?: Record<string, unknown>;
  initialized: boolean;
  logLevel: McpLogLevel;
}
