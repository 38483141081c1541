import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ClientAccess } from '@myko/access';
import { DispatchService, type JsonRpcResponse, modernHttpStatus } from '@myko/dispatch';
import { Inject, Injectable } from '@nestjs/common';
import { GATEWAYS_OPTIONS, MCP_PROTOCOL_VERSION_HEADER } from '../gateways.constants';
import type { ResolvedGatewaysOptions } from '../interfaces';
import { DrainCoordinator } from '../lifecycle/drain.coordinator';
import { clientIdOf, rateLimitKey } from '../limits/client-address';
import { ClientAddressResolver } from '../limits/client-address.resolver';
import { HttpRequestLimiter } from '../limits/http-request.limiter';
import { traceContextOf } from '../observability/trace-context';
import { cancelWhenStreamCloses, requestIdOf } from './abandoned-request';
import { conversationOf } from './conversation-header.reader';
import type { HttpClientContext } from './http-client-context.interface';
import type { AcceptedResponses } from './mcp-http.negotiation';
import { McpPostResponder } from './mcp-post.responder';
import { requestHeader } from './request-header.reader';
import { SessionStreams } from './session-streams';

/** What a 503 for shared state that is down says: the connection recovers within about a second. */
const STATE_RETRY_AFTER_SECONDS = '1';

/**
 * A 2026-07-28 POST: no session, the request's `_meta` says who the client is. Dispatch decides the
 * era and checks the mirrored headers; here only the stream and the HTTP status are chosen. Limits
 * apply per caller (its key or token identity, else its address), and closing the stream cancels the request.
 */
@Injectable()
export class StatelessPostHandler {
  constructor(
    private readonly dispatch: DispatchService,
    private readonly limiter: HttpRequestLimiter,
    @Inject(GATEWAYS_OPTIONS) private readonly options: ResolvedGatewaysOptions,
    private readonly drain: DrainCoordinator,
    private readonly addresses: ClientAddressResolver,
  ) {}

  async handle(
    message: unknown,
    access: ClientAccess,
    req: IncomingMessage,
    res: ServerResponse,
    accepted: AcceptedResponses,
  ): Promise<void> {
    const sessionId = `http:stateless:${randomUUID()}`;
    // The in-flight cap counts the caller (its key or token identity, else its address): it has no session.
    const address = this.addresses.of(req);
    const caller = rateLimitKey(access.keyId, address);
    const admitted = this.limiter.admitRequest(req, access, `stateless:${caller}`, message);
    const responder = this.responder(res, accepted);
    cancelWhenStreamCloses(res, (reason) => this.dispatch.cancel(sessionId, requestIdOf(message), reason));
    const traceContext = traceContextOf(req.headers);
    const client: HttpClientContext = {
      ...(traceContext ? { traceContext } : {}),
      transport: 'http',
      sessionId,
      // One agent's stateless requests form one conversation when it names one; else each is its own.
      conversationId: conversationOf(req, sessionId),
      filters: access.filters,
      ...(access.narrowing ? { narrowing: access.narrowing } : {}),
      principal: access.principal,
      subject: access.subject,
      ...(access.bearer ? { bearer: access.bearer } : {}),
      ...(access.keyId ? { identity: access.keyId } : {}),
      notify: responder.notify,
      stateless: true,
      caller,
      clientId: clientIdOf(access.keyId, address),
      eraHeaders: {
        protocolVersion: requestHeader(req, MCP_PROTOCOL_VERSION_HEADER),
        method: requestHeader(req, 'mcp-method'),
        name: requestHeader(req, 'mcp-name'),
      },
    };
    try {
      const response = await this.dispatch.handle(message, client);
      this.drain.markResponse(res);
      if (response) this.respond(responder, response);
      else responder.accepted();
    } finally {
      admitted.release();
      this.dispatch.endSession(sessionId);
    }
  }

  /** The JSON-RPC answer with its HTTP status; shared state that is down also says when to retry. */
  private respond(responder: McpPostResponder, response: JsonRpcResponse): void {
    const status = modernHttpStatus(response);
    responder.respond(response, status === 503 ? { 'Retry-After': STATE_RETRY_AFTER_SECONDS } : {}, status);
  }

  private responder(res: ServerResponse, accepted: AcceptedResponses): McpPostResponder {
    const { sseKeepAliveMs, sseRetryMs, eventStoreMaxBytes, eventStoreMaxEvents } = this.options;
    // Most answers are plain JSON: the stream and its event store are made only when the answer becomes SSE.
    let streams: SessionStreams | undefined;
    const lazy = {
      openRequestStream: () => {
        streams ??= new SessionStreams({ maxEvents: eventStoreMaxEvents, maxBytes: eventStoreMaxBytes });
        return streams.openRequestStream();
      },
    };
    return new McpPostResponder(res, lazy, {
      ...accepted,
      resumable: false,
      retryMs: sseRetryMs,
      pollAfterMs: 0,
      keepAliveMs: sseKeepAliveMs,
      maxBufferedBytes: eventStoreMaxBytes,
    });
  }
}
