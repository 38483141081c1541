import { Injectable } from '@nestjs/common';
import type { JsonRpcId } from '../interfaces/json-rpc.types';
import type { InFlightRequest, SessionState } from './session-state.interface';

/** Distinguishes `"1"` from `1`: both are valid and different JSON-RPC ids. */
export function requestKey(id: JsonRpcId): string {
  return `${typeof id}:${id}`;
}

/**
 * Per-session state keyed by the gateway's session id: negotiated version, client identity, and
 * the in-flight requests that `notifications/cancelled` and `endSession` abort.
 */
@Injectable()
export class SessionStore {
  private readonly sessions = new Map<string, SessionState>();

  /** The session's state, created on first use (a gateway may send before `initialize`). */
  get(sessionId: string): SessionState {
    let state = this.sessions.get(sessionId);
    if (!state) {
      state = { sessionId, initialized: false, inFlight: new Map() };
      this.sessions.set(sessionId, state);
    }
    return state;
  }

  peek(sessionId: string): SessionState | undefined {
    return this.sessions.get(sessionId);
  }

  /**
   * Registers a request as in flight. Returns undefined when the id is already in flight in this
   * session: ids must not be reused, and a duplicate would make cancellation ambiguous.
   */
  begin(session: SessionState, id: JsonRpcId, method: string): InFlightRequest | undefined {
    const key = requestKey(id);
    if (session.inFlight.has(key)) return undefined;
    const request: InFlightRequest = { id, method, controller: new AbortController(), cancelled: false };
    session.inFlight.set(key, request);
    return request;
  }

  finish(session: SessionState, request: InFlightRequest): void {
    const key = requestKey(request.id);
    if (session.inFlight.get(key) === request) session.inFlight.delete(key);
  }

  /** Aborts one in-flight request; unknown or finished ids are ignored (the reply may have raced the cancel). */
  cancel(sessionId: string, id: JsonRpcId, reason: string): boolean {
    const request = this.sessions.get(sessionId)?.inFlight.get(requestKey(id));
    if (!request || request.method === 'initialize') return false;
    request.cancelled = true;
    request.controller.abort(new Error(reason));
    return true;
  }

  /** Aborts every in-flight request of the session and forgets it. */
  end(sessionId: string): void {
    const state = this.sessions.get(sessionId);
    if (!state) return;
    this.sessions.delete(sessionId);
    for (const request of state.inFlight.values()) {
      request.cancelled = true;
      request.controller.abort(new Error('Session ended'));
    }
    state.inFlight.clear();
  }

  get size(): number {
    return this.sessions.size;
  }
}
