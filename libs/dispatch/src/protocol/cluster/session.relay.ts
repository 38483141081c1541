import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { JsonRpcId, JsonRpcMessage } from '../../interfaces/json-rpc.types';
import type { SessionSend, SessionState } from '../../interfaces/session-state.interface';
import { isValidId } from '../json-rpc/json-rpc.codec';
import { SessionStore } from '../session/session.store';
import { BroadcastBudget } from './broadcast-budget';
import { ClusterChannel } from './cluster.channel';
import { CLUSTER_KIND } from './cluster-message';

/**
 * What is addressed to a session reaches the instance holding the part of it concerned, any
 * instance having taken the message: session-level messages go to whichever instance holds the
 * session's stream (it subscribes to the session's topic while it does); a cancellation of a
 * request not running here, an unsubscribe and a session's end go to every instance (rare, and
 * bounded by the number of instances), each acting on what it holds. Local first: with a single
 * instance nothing leaves the process.
 */
@Injectable()
export class SessionRelay implements OnModuleInit {
  private readonly budget = new BroadcastBudget();

  constructor(
    private readonly sessions: SessionStore,
    private readonly cluster: ClusterChannel,
  ) {}

  onModuleInit(): void {
    this.cluster.on(CLUSTER_KIND.cancel, ([sessionId, id, reason]) => {
      if (typeof sessionId === 'string' && isValidId(id)) this.sessions.cancel(sessionId, id, String(reason));
    });
    this.cluster.on(CLUSTER_KIND.unsubscribed, ([sessionId, uri]) => {
      const state = typeof sessionId === 'string' ? this.sessions.peek(sessionId) : undefined;
      if (state && typeof uri === 'string') this.sessions.unsubscribe(state, uri);
    });
    this.cluster.on(CLUSTER_KIND.sessionEnded, ([sessionId]) => {
      if (typeof sessionId === 'string') this.endHere(sessionId);
    });
  }

  /** A session-level channel here; while one is open, what other instances send the session comes to it. */
  openChannel(sessionId: string, send: SessionSend): () => void {
    const close = this.sessions.openChannel(sessionId, send);
    const release = this.cluster.holdSession(sessionId, (message) => {
      this.sessions.sendToSession(sessionId, message as JsonRpcMessage);
    });
    return () => {
      close();
      release();
    };
  }

  /**
   * Sends a message unrelated to any request on the session's stream, here or on the instance that
   * holds it. Without one anywhere the message is dropped, as on a single instance.
   */
  sendToSession(sessionId: string, message: JsonRpcMessage): void {
    if (this.sessions.sendToSession(sessionId, message) || !this.cluster.enabled) return;
    void this.cluster.toSession(sessionId, message);
  }

  /**
   * `notifications/cancelled`: the request here, else on whichever instance runs it — within the
   * session's broadcast budget (past it, dropped: the client is cancelling in a loop).
   */
  cancel(sessionId: string, id: JsonRpcId, reason: string): void {
    if (this.sessions.cancel(sessionId, id, reason) || !this.cluster.enabled) return;
    if (this.budget.take(sessionId)) this.cluster.broadcast(CLUSTER_KIND.cancel, sessionId, id, reason.slice(0, 256));
  }

  /** `resources/subscribe` done here: clustered, noted for the gateway to record this instance as its watcher. */
  subscribed(state: SessionState, uri: string): void {
    this.noteChange(state, uri, true);
  }

  /** The client subscribed to `uri` again here: the instance that watched it for the session stops (one message, to it). */
  releaseOn(instanceId: string, sessionId: string, uri: string): void {
    if (instanceId !== this.cluster.instanceId) {
      void this.cluster.toInstance(instanceId, CLUSTER_KIND.unsubscribed, sessionId, uri);
    }
  }

  /** `resources/unsubscribe`: here, and on the instance that watches the URI for the session if that is another. */
  unsubscribe(state: SessionState, uri: string): void {
    this.sessions.unsubscribe(state, uri);
    this.cluster.broadcast(CLUSTER_KIND.unsubscribed, state.sessionId, uri);
    this.noteChange(state, uri, false);
  }

  /** Ends the session here; `everywhere` (deleted, evicted): on every instance holding some of it. */
  end(sessionId: string, everywhere: boolean): void {
    this.endHere(sessionId);
    if (everywhere) this.cluster.broadcast(CLUSTER_KIND.sessionEnded, sessionId);
  }

  private noteChange(state: SessionState, uri: string, watched: boolean): void {
    if (!this.cluster.enabled) return;
    state.subscriptionChanges ??= new Map();
    state.subscriptionChanges.delete(uri);
    state.subscriptionChanges.set(uri, watched);
  }

  private endHere(sessionId: string): void {
    this.sessions.end(sessionId);
    this.cluster.forgetSession(sessionId);
  }
}
