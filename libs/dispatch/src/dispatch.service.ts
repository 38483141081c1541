import { Injectable } from '@nestjs/common';
import type { DispatchError } from './errors';
import type { ClientContext } from './interfaces/client-context.interface';
import type { ProtocolMode } from './interfaces/dispatch-options.interface';
import type { JsonRpcId, JsonRpcMessage, JsonRpcResponse } from './interfaces/json-rpc.types';
import type { SessionSnapshot } from './interfaces/session-state.interface';
import { ClientRequestSender } from './protocol/client-requests/client-request.sender';
import { SessionRelay } from './protocol/cluster/session.relay';
import { classifyMessage, parseJsonText } from './protocol/json-rpc/json-rpc.codec';
import { errorResponse } from './protocol/json-rpc/json-rpc.responses';
import type { RequestObserver } from './protocol/observe/request-observer.interface';
import { ProtocolEraService } from './protocol/protocol-era/protocol-era.service';
import { RequestRunner } from './protocol/request.runner';
import { SessionStore } from './protocol/session/session.store';

/**
 * Transport-agnostic MCP dispatch: one JSON-RPC message in, at most one response out. Every
 * gateway injects this one singleton; gateways only frame, parse and serialize.
 * @publicApi
 */
@Injectable()
export class DispatchService {
  private rewatches = 0;

  constructor(
    private readonly runner: RequestRunner,
    private readonly sessions: SessionStore,
    private readonly clientRequests: ClientRequestSender,
    private readonly era: ProtocolEraService,
    private readonly relay: SessionRelay,
  ) {}

  /**
   * Handles one already-parsed JSON value (object expected; an array is a batch → -32600).
   * Returns `undefined` for notifications and for responses sent by the client; a response is
   * routed to the request of ours it answers (sampling, elicitation), by session and id.
   */
  async handle(message: unknown, client: ClientContext): Promise<JsonRpcResponse | undefined> {
    const incoming = classifyMessage(message);
    switch (incoming.type) {
      case 'response':
        this.clientRequests.receive(client.sessionId, incoming.id, incoming);
        return undefined;
      case 'invalid':
        return errorResponse(incoming.id, incoming.error);
      case 'notification':
        this.runner.notify(incoming.method, incoming.params, client);
        return undefined;
      case 'request':
        return this.runner.request({ id: incoming.id, method: incoming.method, params: incoming.params, client });
    }
  }

  /** Handles raw text (one message): a parse failure answers -32700 with `id: null`. */
  async handleText(text: string, client: ClientContext): Promise<JsonRpcResponse | undefined> {
    let message: unknown;
    try {
      message = parseJsonText(text);
    } catch (error) {
      return errorResponse(null, error);
    }
    return this.handle(message, client);
  }

  /**
   * Opens a session-level channel for messages unrelated to any request
   * (`notifications/resources/updated`, later list changes and logs outside requests): WebSocket
   * and stdio open one per connection, HTTP one per standalone GET stream. Each message goes to the
   * newest open channel only. Returns the function that detaches it.
   */
  openChannel(sessionId: string, send: (message: JsonRpcMessage) => void): () => void {
    return this.relay.openChannel(sessionId, send);
  }

  /** The state another instance needs to serve the session (see `restoreSession`); undefined when unknown here. */
  sessionSnapshot(sessionId: string): SessionSnapshot | undefined {
    return this.sessions.snapshot(sessionId);
  }

  /** Takes over a session another instance negotiated (shared state on Redis): no re-initialize. */
  restoreSession(sessionId: string, snapshot: Partial<SessionSnapshot>): void {
    this.sessions.restore(sessionId, snapshot);
  }

  /** Subscriptions begun or ended here since the last call (clustered only), for the gateway to record with their watcher. */
  takeSubscriptionChanges(sessionId: string): Array<{ uri: string; watched: boolean }> {
    return this.sessions.takeSubscriptionChanges(sessionId);
  }

  /** Stops the watch another instance holds of the session's `uri` (the client subscribed to it again here). */
  releaseWatchOn(instanceId: string, sessionId: string, uri: string): void {
    this.relay.releaseOn(instanceId, sessionId, uri);
  }

  /**
   * Watches again, here, subscriptions of the session whose watching instance is gone (the shared
   * record said so and gave them to this instance): each as a `resources/subscribe` under the
   * filters of the request that found them. Returns the URIs that could not be watched.
   */
  async rewatch(uris: readonly string[], client: ClientContext): Promise<string[]> {
    const failed: string[] = [];
    for (const uri of uris) {
      const id = `myko-rewatch-${++this.rewatches}`;
      const response = await this.runner.request({ id, method: 'resources/subscribe', params: { uri }, client });
      if (!response || 'error' in response) failed.push(uri);
    }
    return failed;
  }

  /**
   * Ends a session: aborts its in-flight requests, rejects its pending requests to the client and
   * forgets its state (HTTP DELETE, socket close, stdin EOF).
   */
  endSession(sessionId: string, everywhere = false): void {
    this.relay.end(sessionId, everywhere);
  }

  /**
   * Cancels one in-flight request as `notifications/cancelled` would: it stops and gets no response
   * (an HTTP client whose connection closed before its plain JSON answer). False when it was not in flight.
   */
  cancel(sessionId: string, id: JsonRpcId, reason: string): boolean {
    return this.sessions.cancel(sessionId, id, reason);
  }

  /** Which MCP eras this server serves (`protocol` in the config). */
  get protocolMode(): ProtocolMode {
    return this.era.mode;
  }

  /** Requests being handled right now, across every session. */
  get inFlightCount(): number {
    return this.runner.running.size;
  }

  /** Resolves once no request is in flight; a shutdown drains by waiting for it. */
  whenIdle(): Promise<void> {
    return this.runner.running.whenIdle();
  }

  /**
   * Stops the in-flight requests (of one session, or all) and answers each with `reason` as its
   * JSON-RPC error: a shutdown whose grace period ran out. Returns how many were stopped.
   */
  abortInFlight(reason: DispatchError, sessionId?: string): number {
    return this.sessions.abortInFlight(reason, sessionId);
  }

  /** Follows every request from now on (metrics, tracing); returns the function that stops it. */
  observe(observer: RequestObserver): () => void {
    return this.runner.observe(observer);
  }
}
