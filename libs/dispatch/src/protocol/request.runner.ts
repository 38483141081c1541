import { Injectable, Logger } from '@nestjs/common';
import { InvalidRequestError, MethodNotFoundError } from '../errors';
import type { ClientContext } from '../interfaces/client-context.interface';
import type { JsonRpcId, JsonRpcResponse } from '../interfaces/json-rpc.types';
import type { RequestContext } from '../interfaces/request-context.interface';
import type { SessionState } from '../interfaces/session-state.interface';
import type { JsonRpcParams } from './json-rpc/json-rpc.message';
import { errorResponse, successResponse } from './json-rpc/json-rpc.responses';
import { MethodTable, type RequestHandler } from './method-table';
import { nextRequestId } from './observe/request-id';
import { RequestObservations } from './observe/request-observations';
import type { RequestObserver } from './observe/request-observer.interface';
import { MODERN_PROTOCOL_VERSION } from './protocol-era/protocol-era.constants';
import { type ModernRequest, ProtocolEraService } from './protocol-era/protocol-era.service';
import { RequestOutbox } from './request-outbox';
import { InFlightCounter } from './session/in-flight.counter';
import { SessionStore } from './session/session.store';

const CANCELLED = Symbol('cancelled');

/** One JSON-RPC request on its way through dispatch, with what follows it (its ids for the logs, the observers' call hook). */
export interface PendingRequest extends Pick<RequestContext, 'requestId' | 'traceId' | 'operationCall'> {
  readonly id: JsonRpcId;
  readonly method: string;
  readonly params: JsonRpcParams;
  readonly client: ClientContext;
}

/**
 * Runs the requests and notifications `DispatchService` has classified: the era of each (a 2026-07-28
 * stateless request or one of the client's session), its handler as an in-flight, cancellable unit,
 * the observers that follow it, and its JSON-RPC response.
 */
@Injectable()
export class RequestRunner {
  private readonly logger = new Logger('DispatchService');
  /** Requests being handled right now, across every session. */
  readonly running = new InFlightCounter();
  private readonly observers: RequestObserver[] = [];

  constructor(
    private readonly router: MethodTable,
    private readonly sessions: SessionStore,
    private readonly era: ProtocolEraService,
  ) {}

  /** Follows every request from now on (metrics, tracing); returns the function that stops it. */
  observe(observer: RequestObserver): () => void {
    this.observers.push(observer);
    return () => {
      const at = this.observers.indexOf(observer);
      if (at >= 0) this.observers.splice(at, 1);
    };
  }

  notify(method: string, params: JsonRpcParams, client: ClientContext): void {
    try {
      this.router.notificationHandler(method)?.(params, client);
    } catch (error) {
      this.logger.error(`Notification ${method} failed: ${(error as Error)?.stack ?? error}`);
    }
  }

  async request(pending: Omit<PendingRequest, 'requestId'>): Promise<JsonRpcResponse | undefined> {
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
      modern = await this.era.prepare(method, params, client);
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
