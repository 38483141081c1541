import type { JsonRpcId } from '../interfaces/json-rpc.types';

/** `clientInfo` from `initialize`. */
export interface PeerInfo {
  name: string;
  version: string;
  title?: string;
}

/** A request being handled, cancellable by `notifications/cancelled` or by ending the session. */
export interface InFlightRequest {
  readonly id: JsonRpcId;
  readonly method: string;
  readonly controller: AbortController;
  /** Set when the client cancelled it: its response is then never sent. */
  cancelled: boolean;
}

/** What dispatch remembers about one session (one HTTP session, one socket, one stdio process). */
export interface SessionState {
  readonly sessionId: string;
  protocolVersion?: string;
  clientInfo?: PeerInfo;
  clientCapabilities?: Record<string, unknown>;
  /** `notifications/initialized` received. */
  initialized: boolean;
  /** Keyed by `requestKey(id)`, so the string `"1"` and the number `1` stay distinct. */
  readonly inFlight: Map<string, InFlightRequest>;
}
