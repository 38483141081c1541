import { Injectable, Logger } from '@nestjs/common';
import { type DispatchError, InvalidRequestError, MethodNotFoundError } from './errors';
import type { ClientContext } from './interfaces/client-context.interface';
import type { JsonRpcId, JsonRpcMessage, JsonRpcResponse } from './interfaces/json-rpc.types';
import type { RequestContext } from './interfaces/request-context.interface';
import { ClientRequestSender } from './protocol/client-requests/client-request.sender';
import { classifyMessage, parseJsonText } from './protocol/json-rpc/json-rpc.codec';
import type { JsonRpcParams } from './protocol/json-rpc/json-rpc.message';
import { errorResponse, successResponse } from './protocol/json-rpc/json-rpc.responses';
import { MethodRouter, type RequestHandler } from './protocol/method.router';
import { nextRequestId } from './protocol/observe/request-id';
import { RequestObservations } from './protocol/observe/request-observations';
import type { RequestObserver } from './protocol/observe/request-observer.interface';
import { MODERN_PROTOCOL_VERSION, type ProtocolMode } from './protocol/protocol-era/protocol-era.constants';
import { type ModernRequest, ProtocolEraService } from './protocol/protocol-era/protocol-era.service';
import { RequestOutbox } from './protocol/request-outbox';
import { InFlightCounter } from './protocol/session/in-flight.counter';
import { SessionStore } from './protocol/session/session.store';
import type { SessionState } from './protocol/session/session-state.interface';

const CANCELLED = Symbol('cancelled');

/** One JSON-RPC request on its way through dispatch, with what follows it (its ids for the logs, the observers' call hook). */
interface PendingRequest extends Pick<RequestContext, 'requestId' | 'traceId' | 'operationCall'> {
  readonly id: JsonRpcId;
  readonly method: string;
  readonly params: JsonRpcParams;
  readonly client: ClientContext;
}

/**
 * Transport-agnostic MCP dispatch: one JSON-RPC message in, at most one response out. Every
 * gateway injects this one singleton; gateways only frame, parse and serialize.
 * @publicApi
 */
@Injectable()
export class DispatchService {
  private readonly logger = new Logger(DispatchService.name);
  private readonly running = new InFlightCounter();
  private readonly observers: RequestObserver[] = [];

  constructor(
    private readonly router: MethodRouter,
    private readonly sessions: SessionStore,
    private readonly clientRequests: ClientRequestSender,
    private readonly era: ProtocolEraService,
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
        this.notify(incoming.method, incoming.params, client);
        return undefined;
      case 'request':
        return this.request({ id: incoming.id, method: incoming.method, params: incoming.params, client });
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
    return this.sessions.openChannel(sessionId, send);
  }

  /**
   * Ends a session: aborts its in-flight requests, rejects its pending requests to the client and
   * forgets its state (HTTP DELETE, socket close, stdin EOF).
   */
  endSession(sessionId: string): void {
    this.sessions.end(sessionId);
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
    return this.running.size;
  }

  /** Resolves once no request is in flight; a shutdown drains by waiting for it. */
  whenIdle(): Promise<void> {
    return this.running.whenIdle();
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
    this.observers.push(observer);
    return () => {
      const at = this.observers.indexOf(observer);
      if (at >= 0) this.observers.splice(at, 1);
    };
  }

  private notify(method: string, params: JsonRpcParams, client: ClientContext): void {
    try {
      this.router.notificationHandler(method)?.(params, client);
    } catch (error) {
      this.logger.error(`Notification ${method} failed: ${(error as Error)?.stack ?? error}`);
    }
  }

  private async request(pending: Omit<PendingRequest, 'requestId'>): Promise<JsonRpcResponse | undefined> {
    const request: PendingRequest = { ...pending, requestId: nextRequestId() };
    if (this.observers.length === 0) return this.route(request);
    const { method, params, client } = request;
    const known = this.router.requestHandler(method) !== undefined;
    const named =
      method === 'tools/call' || method === 'prompts/get' ? (params as { name?: unknown })?.name : undefined;
    const observations = RequestObservations.begin(this.observers, {
      method: known ? method : 'unknown',
      ...(typeof named === 'string' ? { target: named.slice(0, 64) } : {}),
      client,
      // A stateless request has no session to read: its era is the revision it speaks.
      protocolVersion: this.era.isModern(method, params, client)
        ? MODERN_PROTOCOL_VERSION
        : this.sessions.peek(client.sessionId)?.protocolVersion,
      meta: (params as { _meta?: Record<string, unknown> } | undefined)?._meta,
    });
    if (!observations) return this.route(request);
    const response = await observations.run(() =>
      this.route({ ...request, traceId: observations.traceId, operationCall: observations.operationCall }),
    );
    observations.end(response);
    return response;
  }

  /** A 2026-07-28 request is served statelessly; anything else in the client's session. */
  private async route(request: PendingRequest): Promise<JsonRpcResponse | undefined> {
    const { id, method, params, client } = request;
    if (this.era.isModern(method, params, client)) return this.modernRequest(request);
    const handler = this.router.requestHandler(method);
    if (!handler) return errorResponse(id, new MethodNotFoundError(method));
    return this.run(request, this.sessions.get(client.sessionId), handler);
  }

  /** 2026-07-28: no session; the request's `_meta` says who the client is, for this request only. */
  private async modernRequest(request: PendingRequest): Promise<JsonRpcResponse | undefined> {
    const { id, method, params, client } = request;
    let modern: ModernRequest;
    try {
      modern = this.era.prepare(method, params, client);
    } catch (error) {
      return this.era.reject(id, error, method);
    }
    const response = await this.run(request, modern.session, modern.handler, modern);
    return response && this.era.finish(response, modern);
  }

  /**
   * Runs a request as an in-flight, cancellable unit. A cancelled request resolves `undefined` at
   * once, even if its handler is still winding down: MCP says the cancelled response is not sent.
   * Progress and logs of the request stop when it ends, and the response waits until its last
   * progress notification has settled. A `subscriptions/listen` stream is not counted as in flight:
   * a drain does not wait for it (it ends at shutdown).
   */
  private async run(
    request: PendingRequest,
    session: SessionState,
    handler: RequestHandler,
    modern?: ModernRequest,
  ): Promise<JsonRpcResponse | undefined> {
    const { id, method, params, client } = request;
    const inFlight = this.sessions.begin(session, id, method);
    if (!inFlight) {
      return errorResponse(
        id,
        new InvalidRequestError(`id ${JSON.stringify(id)} is already used by a request in flight`),
      );
    }
    const outbox = new RequestOutbox(params, client, session, modern ? modern.logs : true);
    const context: RequestContext = {
      client,
      session,
      id,
      get signal() {
        return inFlight.signal;
      },
      get aborted() {
        return inFlight.aborted;
      },
      progress: outbox.progress,
      log: outbox.log,
      notify: outbox.notify,
      input: modern?.round,
      requestId: request.requestId,
      traceId: request.traceId,
      operationCall: request.operationCall,
    };
    const counted = method !== 'subscriptions/listen';
    if (counted) this.running.enter();
    try {
      const result = await inFlight.race(
        Promise.resolve().then(() => handler(params, context)),
        CANCELLED,
      );
      await outbox.close();
      if (inFlight.cancelled) return undefined;
      // Aborted without a cancellation (`abortInFlight`): the client still gets an answer, the reason.
      if (result === CANCELLED) return errorResponse(id, inFlight.reason, method, request);
      return successResponse(id, result);
    } catch (error) {
      await outbox.close();
      return inFlight.cancelled ? undefined : errorResponse(id, error, method, request);
    } finally {
      this.sessions.finish(session, inFlight);
      if (counted) this.running.leave();
    }
  }
}
