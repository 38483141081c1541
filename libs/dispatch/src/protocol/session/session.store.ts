import type { McpLogLevel } from '@myko/mcp';
import { Inject, Injectable } from '@nestjs/common';
import { DISPATCH_OPTIONS } from '../../dispatch.constants';
import type { ResolvedDispatchOptions } from '../../interfaces/dispatch-options.interface';
import type { JsonRpcId, JsonRpcMessage } from '../../interfaces/json-rpc.types';
import type { SessionSend, SessionSnapshot, SessionState } from '../../interfaces/session-state.interface';
import { InFlightRequest } from './in-flight-request';

/** Distinguishes `"1"` from `1`: both are valid and different JSON-RPC ids. */
export function requestKey(id: JsonRpcId): string {
  return `${typeof id}:${id}`;
}

/**
 * Per-session state keyed by the gateway's session id: negotiated version, client identity, log
 * level, subscriptions, session channels, the in-flight requests that `notifications/cancelled` and
 * `endSession` abort, and our own requests waiting for the client's answer.
 */
@Injectable()
export class SessionStore {
  private readonly sessions = new Map<string, SessionState>();
  /** Session ids by subscribed URI: notifying a URI's subscribers must not scan every session. */
  private readonly subscribers = new Map<string, Set<string>>();
  private readonly defaultLogLevel: McpLogLevel;

  constructor(@Inject(DISPATCH_OPTIONS) options: Pick<ResolvedDispatchOptions, 'logLevel'>) {
    this.defaultLogLevel = options.logLevel;
  }

  /** The session's state, created on first use (a gateway may send before `initialize`). */
  get(sessionId: string): SessionState {
    let state = this.sessions.get(sessionId);
    if (!state) {
      state = {
        sessionId,
        initialized: false,
        inFlight: new Map(),
        logLevel: this.defaultLogLevel,
        subscriptions: new Map(),
        pending: new Map(),
        serverRequestCount: 0,
        channels: [],
      };
      this.sessions.set(sessionId, state);
    }
    return state;
  }

  peek(sessionId: string): SessionState | undefined {
    return this.sessions.get(sessionId);
  }

  /** What another instance needs to serve the session; undefined when it has no state here. */
  snapshot(sessionId: string): SessionSnapshot | undefined {
    const state = this.sessions.get(sessionId);
    if (!state) return undefined;
    const { protocolVersion, clientInfo, clientCapabilities, initialized, logLevel } = state;
    return {
      ...(protocolVersion === undefined ? {} : { protocolVersion }),
      ...(clientInfo === undefined ? {} : { clientInfo }),
      ...(clientCapabilities === undefined ? {} : { clientCapabilities }),
      initialized,
      logLevel,
    };
  }

  /**
   * Takes over a session negotiated elsewhere (another instance): its version, capabilities, log
   * level. Subscriptions are not re-opened here: their updates reach the session through the bus
   * from the instance that watches them, and another instance re-watches them if that one is gone.
   */
  restore(sessionId: string, snapshot: Partial<SessionSnapshot>): SessionState {
    const state = this.get(sessionId);
    if (snapshot.protocolVersion !== undefined) state.protocolVersion = snapshot.protocolVersion;
    if (snapshot.clientInfo !== undefined) state.clientInfo = snapshot.clientInfo;
    if (snapshot.clientCapabilities !== undefined) state.clientCapabilities = snapshot.clientCapabilities;
    if (snapshot.initialized !== undefined) state.initialized = snapshot.initialized;
    if (snapshot.logLevel !== undefined) state.logLevel = snapshot.logLevel;
    return state;
  }

  /**
   * Registers a request as in flight. Returns undefined when the id is already in flight in this
   * session: ids must not be reused, and a duplicate would make cancellation ambiguous.
   */
  begin(session: SessionState, id: JsonRpcId, method: string): InFlightRequest | undefined {
    const key = requestKey(id);
    if (session.inFlight.has(key)) return undefined;
    const request = new InFlightRequest(id, method);
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
    request.cancel(new Error(reason));
    return true;
  }

  /**
   * Stops in-flight requests (of one session, or of all) that must still be answered: unlike a
   * cancellation, each gets an error response carrying `reason` (a shutdown past its grace period).
   * Returns how many were stopped.
   */
  abortInFlight(reason: Error, sessionId?: string): number {
    const states = sessionId === undefined ? [...this.sessions.values()] : [this.sessions.get(sessionId)];
    let stopped = 0;
    for (const state of states) {
      for (const request of state?.inFlight.values() ?? []) {
        if (request.abort(reason)) stopped++;
      }
    }
    return stopped;
  }

  /** Adds a session-level channel; the returned function removes it (idempotent). */
  openChannel(sessionId: string, send: SessionSend): () => void {
    const channels = this.get(sessionId).channels;
    const channel: SessionSend = (message) => send(message);
    channels.push(channel);
    return () => {
      const index = channels.indexOf(channel);
      if (index !== -1) channels.splice(index, 1);
    };
  }

  /**
   * Sends a message unrelated to any request on the session's newest channel (each message goes on
   * one stream only). Returns false when the session has no open channel: the message is dropped.
   */
  sendToSession(sessionId: string, message: JsonRpcMessage): boolean {
    const channel = this.sessions.get(sessionId)?.channels.at(-1);
    if (!channel) return false;
    channel(message);
    return true;
  }

  /** Ids of the sessions subscribed to `uri`. */
  subscribersOf(uri: string): string[] {
    return [...(this.subscribers.get(uri) ?? [])];
  }

  /** Records the session's subscription to `uri`; `release` runs when it ends. False if it already was. */
  subscribe(state: SessionState, uri: string, release: () => void): boolean {
    if (state.subscriptions.has(uri)) return false;
    state.subscriptions.set(uri, release);
    let ids = this.subscribers.get(uri);
    if (!ids) {
      ids = new Set();
      this.subscribers.set(uri, ids);
    }
    ids.add(state.sessionId);
    return true;
  }

  /** Ends the session's subscription to `uri`, if any. */
  unsubscribe(state: SessionState, uri: string): void {
    const release = state.subscriptions.get(uri);
    if (!release) return;
    state.subscriptions.delete(uri);
    const ids = this.subscribers.get(uri);
    ids?.delete(state.sessionId);
    if (ids?.size === 0) this.subscribers.delete(uri);
    release();
  }

  /** The subscriptions begun or ended since the last call (and forgets them): the gateway writes them to Redis. */
  takeSubscriptionChanges(sessionId: string): Array<{ uri: string; watched: boolean }> {
    const state = this.sessions.get(sessionId);
    const changes = state?.subscriptionChanges;
    if (!state || !changes?.size) return [];
    state.subscriptionChanges = undefined;
    return [...changes].map(([uri, watched]) => ({ uri, watched }));
  }

  /** Aborts every in-flight request and pending client request of the session and forgets it. */
  end(sessionId: string): void {
    const state = this.sessions.get(sessionId);
    if (!state) return;
    this.sessions.delete(sessionId);
    for (const request of state.inFlight.values()) request.cancel(new Error('Session ended'));
    state.inFlight.clear();
    for (const pending of state.pending.values()) pending.abort('the session ended');
    state.pending.clear();
    state.channels.length = 0;
    for (const uri of [...state.subscriptions.keys()]) this.unsubscribe(state, uri);
  }

  get size(): number {
    return this.sessions.size;
  }
}
