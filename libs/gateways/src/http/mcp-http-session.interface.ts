import type { SessionOwner } from './session-owner';
import type { SessionStreams } from './session-streams';
import type { SharedCopy } from './shared-sessions';

/** One Streamable HTTP session, keyed by its `Mcp-Session-Id`. */
export interface McpHttpSession {
  readonly id: string;
  /** The key (digest), profile and address that initialized it; only that key may use the session. */
  readonly owner: SessionOwner;
  /** The same as `owner.principal`. */
  readonly principal?: string;
  readonly openedAt: number;
  lastSeenAt: number;
  /** JSON-RPC requests made after `initialize`: a session that never made one expires sooner. */
  requests: number;
  /** Requests still running: a session is never evicted while one runs. */
  active: number;
  /** Its SSE streams (request streams, the standalone GET stream) and their replay buffer. */
  readonly streams: SessionStreams;
  /** On Redis: the version and state of the shared record this instance holds. */
  shared?: SharedCopy;
}

/** What resuming a session found: the session (undefined: 404) and the rate-limit wait taken along. */
export interface SessionResumption {
  session?: McpHttpSession;
  /** Set when the shared store took the rate-limit token (0: taken). */
  rateWaitMs?: number;
  /** Subscriptions of the session whose watcher is gone, handed to this instance to watch again. */
  claimed?: readonly string[];
}

/** Why there is no room for a new session. */
export type SessionRoomRefusal = 'perKey' | 'perAddress' | 'total' | 'quota';
