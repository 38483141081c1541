import type { IncomingMessage, ServerResponse } from 'node:http';
import { type ClientAccess, ClientAccessResolver } from '@myko/access';
import {
  type ClassifiedMessage,
  classifyMessage,
  DispatchService,
  failureResponse,
  hasModernEnvelope,
  JSON_RPC_ERROR_CODES,
  SUPPORTED_PROTOCOL_VERSIONS,
} from '@myko/dispatch';
import { Inject, Injectable } from '@nestjs/common';
import { McpHttpError } from '../errors';
import {
  GATEWAYS_OPTIONS,
  MCP_PROTOCOL_VERSION_HEADER,
  MCP_SESSION_HEADER,
  TRANSPORT_ERROR,
} from '../gateways.constants';
import type { ResolvedGatewaysOptions } from '../interfaces';
import { DrainCoordinator } from '../lifecycle/drain.coordinator';
import { clientIdOf } from '../limits/client-address';
import { ClientAddressResolver } from '../limits/client-address.resolver';
import { EdgeWorkBudget } from '../limits/edge-work.budget';
import { HttpRequestLimiter } from '../limits/http-request.limiter';
import { httpClientContext } from './http-client-context.factory';
import {
  acceptedResponses,
  acceptsEventStream,
  assertJsonContentType,
  assertProtocolVersion,
} from './mcp-http.negotiation';
import { McpSessionRegistry } from './mcp-session.registry';
import { readRequestBody } from './request-body.reader';
import { requestHeader } from './request-header.reader';
import { SessionPostHandler } from './session-post.handler';
import { SessionRequestResolver } from './session-request.resolver';
import { SessionStreamHandler } from './session-stream.handler';
import { StatelessPostHandler } from './stateless-post.handler';

/**
 * MCP Streamable HTTP (spec 2025-06-18 / 2025-11-25): one JSON-RPC message per POST, a GET event
 * stream, DELETE to end a session. Only framing, negotiation and the choice of handler live here (a
 * session's POST: `SessionPostHandler`, a 2026-07-28 one: `StatelessPostHandler`, GET:
 * `SessionStreamHandler`); every message goes to the shared `DispatchService`. `McpHttpRouter` routes
 * `/mcp` and `/myko/mcp` here and answers what a method throws (`McpHttpError`) with its status and a
 * JSON-RPC error body.
 * @publicApi
 */
@Injectable()
export class McpHttpEndpoint {
  constructor(
    private readonly dispatch: DispatchService,
    private readonly sessions: McpSessionRegistry,
    private readonly resolver: ClientAccessResolver,
    private readonly limiter: HttpRequestLimiter,
    @Inject(GATEWAYS_OPTIONS) private readonly options: ResolvedGatewaysOptions,
    private readonly drain: DrainCoordinator,
    private readonly stateless: StatelessPostHandler,
    private readonly streams: SessionStreamHandler,
    private readonly sessionOf: SessionRequestResolver,
    private readonly sessionPost: SessionPostHandler,
    private readonly edgeWork: EdgeWorkBudget,
    private readonly addresses: ClientAddressResolver,
  ) {}

  async post(req: IncomingMessage, res: ServerResponse): Promise<void> {
    assertJsonContentType(req.headers['content-type']);
    const accepted = acceptedResponses(req.headers.accept);
    const access = this.accessOf(req);
    const body = await readRequestBody(req, this.options.maxMessageBytes);
    return this.edgeWork.run(clientIdOf(access.keyId, this.addresses.of(req)), () =>
      this.serve(body, access, req, res, accepted),
    );
  }

  /** Everything after the body has arrived: the main-thread part of the POST, run in its client's turn. */
  private async serve(
    body: string,
    access: ClientAccess,
    req: IncomingMessage,
    res: ServerResponse,
    accepted: ReturnType<typeof acceptedResponses>,
  ): Promise<void> {
    const message = this.parse(body);
    const incoming = classifyMessage(message);
    const kind = incoming.type;
    if (kind === 'request') this.drain.assertAcceptingRequests();
    if (kind === 'invalid') return this.rejectInvalid(message, access, req, res);
    if (kind === 'request' && this.isStateless(incoming, req)) {
      return this.stateless.handle(message, access, req, res, accepted);
    }
    // 2026-07-28 notifications (a `notifications/cancelled` beside the closed stream) have no session: 202.
    if (kind !== 'request' && this.isStateless(incoming, req)) return void res.writeHead(202).end();
    if (kind === 'request' && incoming.method === 'initialize') {
      const owner = await this.limiter.admitInitialize(req, access, message);
      return this.sessionPost.initialize(message, access, owner, req, res, accepted);
    }
    return this.sessionPost.handle(message, incoming, access, req, res, accepted);
  }

  /** A modern-only server has no sessions: GET streams and DELETE are 2025-era (405, as the revision says). */
  private assertServesSessions(): void {
    if (this.dispatch.protocolMode !== 'modern-only') return;
    throw new McpHttpError(405, TRANSPORT_ERROR, 'Method Not Allowed: this server speaks MCP 2026-07-28 only', {
      Allow: 'POST',
    });
  }

  /** A 2026-07-28 request: it carries the modern `_meta`, or has no session to belong to (dispatch decides). */
  private isStateless(incoming: ClassifiedMessage, req: IncomingMessage): boolean {
    const mode = this.dispatch.protocolMode;
    if (mode === 'legacy-only') return false;
    if (mode === 'modern-only') return true;
    const call = incoming.type === 'request' || incoming.type === 'notification' ? incoming : undefined;
    if (call && hasModernEnvelope(call.params)) return true;
    return call?.method !== 'initialize' && requestHeader(req, MCP_SESSION_HEADER) === undefined;
  }

  /** GET: a session's event stream, opened or resumed by `SessionStreamHandler`. */
  async openStream(req: IncomingMessage, res: ServerResponse): Promise<void> {
    this.assertServesSessions();
    if (!acceptsEventStream(req.headers.accept)) {
      throw new McpHttpError(405, TRANSPORT_ERROR, 'Method Not Allowed: GET needs Accept: text/event-stream', {
        Allow: 'POST, DELETE',
      });
    }
    const access = this.accessOf(req);
    return this.streams.open(req, res, access);
  }

  async endSession(req: IncomingMessage, res: ServerResponse): Promise<void> {
    this.assertServesSessions();
    const access = this.accessOf(req);
    assertProtocolVersion(requestHeader(req, MCP_PROTOCOL_VERSION_HEADER), SUPPORTED_PROTOCOL_VERSIONS);
    const { session } = await this.sessionOf.require(req, access, false);
    // On Redis the session is gone for every instance before the 204 says so.
    await this.sessions.sharing?.deleted(session.id);
    this.sessions.end(session.id);
    res.writeHead(204).end();
  }

  /** Batches and malformed objects: dispatch still writes the JSON-RPC error (-32600); HTTP says 400. */
  private async rejectInvalid(
    message: unknown,
    access: ClientAccess,
    req: IncomingMessage,
    res: ServerResponse,
  ): Promise<void> {
    const sessionId = requestHeader(req, MCP_SESSION_HEADER) ?? 'http:unbound';
    const response = await this.dispatch.handle(message, httpClientContext(sessionId, access));
    const body = JSON.stringify(
      response ??
        failureResponse(null, {
          code: JSON_RPC_ERROR_CODES.INVALID_REQUEST,
          message: 'Invalid Request: not a JSON-RPC message',
        }),
    );
    res.writeHead(400, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) }).end(body);
  }

  private parse(body: string): unknown {
    try {
      return JSON.parse(body);
    } catch {
      throw new McpHttpError(400, JSON_RPC_ERROR_CODES.PARSE_ERROR, 'Parse error: the body is not valid JSON');
    }
  }

  /** Auth (401 + `WWW-Authenticate`) first, then the filter headers (400): nothing is read for a stranger. */
  private accessOf(req: IncomingMessage): ClientAccess {
    const resolved = this.resolver.resolve(req.headers);
    if ('access' in resolved) return resolved.access;
    const { status, message, headers } = resolved.refusal;
    const code = status === 400 ? JSON_RPC_ERROR_CODES.INVALID_REQUEST : TRANSPORT_ERROR;
    throw new McpHttpError(status, code, message, headers);
  }
}
