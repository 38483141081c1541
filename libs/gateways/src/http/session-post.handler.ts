import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ClientAccess } from '@myko/access';
import {
  type ClassifiedMessage,
  DispatchService,
  failureResponse,
  STATE_UNAVAILABLE,
  SUPPORTED_PROTOCOL_VERSIONS,
} from '@myko/dispatch';
import { Inject, Injectable } from '@nestjs/common';
import { GATEWAYS_OPTIONS, MCP_PROTOCOL_VERSION_HEADER, MCP_SESSION_HEADER } from '../gateways.constants';
import type { ResolvedGatewaysOptions } from '../interfaces';
import { DrainCoordinator } from '../lifecycle/drain.coordinator';
import { ClientAddressResolver } from '../limits/client-address.resolver';
import { HttpRequestLimiter } from '../limits/http-request.limiter';
import { cancelWhenAbandoned } from './abandoned-request';
import { httpClientContext } from './http-client-context.factory';
import { type AcceptedResponses, assertProtocolVersion, isResumable } from './mcp-http.negotiation';
import type { McpHttpSession } from './mcp-http-session.interface';
import { McpPostResponder } from './mcp-post.responder';
import { McpSessionRegistry } from './mcp-session.registry';
import { requestHeader } from './request-header.reader';
import type { SessionOwner } from './session-owner';
import { SessionRequestResolver } from './session-request.resolver';

/**
 * A 2025-era POST: `initialize` opens a session, every other message names one (`Mcp-Session-Id`).
 * The message goes to dispatch with the session's context; the answer is JSON or an SSE stream of
 * the session (resumable from 2025-11-25), and a request whose client goes away is cancelled.
 */
@Injectable()
export class SessionPostHandler {
  constructor(
    private readonly dispatch: DispatchService,
    private readonly sessions: McpSessionRegistry,
    private readonly limiter: HttpRequestLimiter,
    @Inject(GATEWAYS_OPTIONS) private readonly options: ResolvedGatewaysOptions,
    private readonly drain: DrainCoordinator,
    private readonly sessionOf: SessionRequestResolver,
    private readonly addresses: ClientAddressResolver,
  ) {}

  /** A request, notification or response of the client on its session. */
  async handle(
    message: unknown,
    incoming: ClassifiedMessage,
    access: ClientAccess,
    req: IncomingMessage,
    res: ServerResponse,
    accepted: AcceptedResponses,
  ): Promise<void> {
    const kind = incoming.type;
    const version = requestHeader(req, MCP_PROTOCOL_VERSION_HEADER);
    assertProtocolVersion(version, SUPPORTED_PROTOCOL_VERSIONS);
    const isRequest = kind === 'request';
    const { session, rateWaitMs, claimed } = await this.sessionOf.require(req, access, isRequest, true);
    // On Redis: subscriptions whose instance is gone, now ours to watch (before any refusal below).
    if (claimed) await this.sessions.sharing?.rewatch(session.id, claimed, httpClientContext(session.id, access));
    const admitted = isRequest ? this.limiter.admitRequest(req, access, session.id, message, rateWaitMs) : undefined;
    const headers = { [MCP_SESSION_HEADER]: session.id };
    const responder = this.responder(
      res,
      accepted,
      session,
      version,
      headers,
      incoming.type === 'request' ? incoming.id : null,
    );
    if (kind === 'request') {
      cancelWhenAbandoned(res, responder, (reason) => this.dispatch.cancel(session.id, incoming.id, reason));
      session.requests++;
    }
    // A running request keeps its session from expiring or being evicted.
    session.active++;
    // Only a request has a stream of its own; a response of the client is routed to our waiting request.
    const origin = { req, address: this.addresses.of(req) };
    const response = await this.dispatch
      .handle(message, httpClientContext(session.id, access, kind === 'request' ? responder : undefined, origin))
      .finally(() => {
        session.active--;
        session.lastSeenAt = Date.now();
        admitted?.release();
      });
    // On Redis: what this request changed of the session (initialized, log level) for the other instances.
    if (session.shared) await this.sessions.sharing?.sync(session.id, session.shared);
    this.drain.markResponse(res);
    // Notifications and responses get 202; so does a request cancelled meanwhile (it has no answer).
    if (kind === 'request' && response) responder.respond(response);
    else responder.accepted();
  }

  /** `initialize`: a new session, kept (and its id handed out) only when the answer is a result. */
  async initialize(
    message: unknown,
    access: ClientAccess,
    owner: SessionOwner,
    req: IncomingMessage,
    res: ServerResponse,
    accepted: AcceptedResponses,
  ): Promise<void> {
    const session = await this.limiter.openSession(owner, message);
    const responder = this.responder(res, accepted, session, requestHeader(req, MCP_PROTOCOL_VERSION_HEADER));
    // No notify: nothing may reach the client before it knows its session id.
    const response = await this.dispatch.handle(message, httpClientContext(session.id, access));
    // On Redis the session is written for the other instances before its id is handed out.
    const unshared = response && 'result' in response ? await this.sessions.share(session) : undefined;
    if (unshared) {
      const data = { retryable: true };
      responder.respond(
        failureResponse(response?.id ?? null, { code: STATE_UNAVAILABLE, message: unshared.message, data }),
      );
    } else if (response && 'result' in response) {
      responder.respond(response, { [MCP_SESSION_HEADER]: session.id });
    } else {
      this.sessions.end(session.id, 'failed');
      responder.respond(response);
    }
  }

  private responder(
    res: ServerResponse,
    accepted: AcceptedResponses,
    session: McpHttpSession,
    version: string | undefined,
    headers?: Record<string, string>,
    requestId: string | number | null = null,
  ): McpPostResponder {
    const { sseKeepAliveMs, sseRetryMs, ssePollAfterMs, eventStoreMaxBytes } = this.options;
    return new McpPostResponder(res, session.streams, {
      ...accepted,
      resumable: isResumable(version),
      retryMs: sseRetryMs,
      pollAfterMs: ssePollAfterMs,
      keepAliveMs: sseKeepAliveMs,
      maxBufferedBytes: eventStoreMaxBytes,
      headers,
      requestId,
    });
  }
}
