import type { IncomingMessage } from 'node:http';
import { type ClientContext, DispatchService, JSON_RPC_ERROR_CODES, SUPPORTED_PROTOCOL_VERSIONS } from '@myko/dispatch';
import type { ClientFilters } from '@myko/filter';
import { Controller, Delete, Get, Inject, Post, Req, Res, UseFilters, UseGuards } from '@nestjs/common';
import type { Request, Response } from 'express';
import { headerFilters } from '../common/header-filters';
import { transportError } from '../common/json-rpc-error';
import { jsonRpcMessageKind, jsonRpcMethod } from '../common/json-rpc-message.kind';
import { McpHttpError } from '../errors';
import {
  GATEWAYS_OPTIONS,
  MCP_HTTP_PATHS,
  MCP_PROTOCOL_VERSION_HEADER,
  MCP_SESSION_HEADER,
  SESSION_NOT_FOUND,
  TRANSPORT_ERROR,
} from '../gateways.constants';
import type { ResolvedGatewaysOptions } from '../interfaces';
import { HostOriginGuard } from './host-origin.guard';
import {
  type AcceptedResponses,
  acceptedResponses,
  acceptsEventStream,
  assertJsonContentType,
  assertProtocolVersion,
} from './mcp-http.negotiation';
import { McpHttpExceptionFilter } from './mcp-http-exception.filter';
import { McpPostResponder } from './mcp-post.responder';
import { type McpHttpSession, McpSessionRegistry } from './mcp-session.registry';
import { readRequestBody } from './request-body.reader';
import { SseStream } from './sse.stream';

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

/**
 * MCP Streamable HTTP (spec 2025-06-18 / 2025-11-25) at `/mcp` and `/myko/mcp`: one JSON-RPC message
 * per POST, a GET event stream, DELETE to end a session. Only framing, negotiation and sessions live
 * here; every message goes to the shared `DispatchService`.
 * @publicApi
 */
@Controller(MCP_HTTP_PATHS)
@UseGuards(HostOriginGuard)
@UseFilters(McpHttpExceptionFilter)
export class McpHttpController {
  constructor(
    private readonly dispatch: DispatchService,
    private readonly sessions: McpSessionRegistry,
    @Inject(GATEWAYS_OPTIONS) private readonly options: ResolvedGatewaysOptions,
  ) {}

  @Post()
  async post(@Req() req: Request, @Res() res: Response): Promise<void> {
    assertJsonContentType(req.headers['content-type']);
    const accepted = acceptedResponses(req.headers.accept);
    const filters = this.filtersOf(req);
    const message = this.parse(await readRequestBody(req, this.options.maxMessageBytes));
    const kind = jsonRpcMessageKind(message);
    if (kind === 'invalid') return this.rejectInvalid(message, filters, req, res);
    if (kind === 'request' && jsonRpcMethod(message) === 'initialize') {
      return this.initialize(message, filters, this.responder(res, accepted));
    }
    assertProtocolVersion(header(req, MCP_PROTOCOL_VERSION_HEADER), SUPPORTED_PROTOCOL_VERSIONS);
    const session = this.requireSession(req);
    const responder = this.responder(res, accepted, { [MCP_SESSION_HEADER]: session.id });
    const response = await this.dispatch.handle(
      message,
      this.client(session.id, filters, kind === 'request' ? responder.notify : undefined),
    );
    // Notifications and responses get 202; so does a request cancelled meanwhile (it has no answer).
    if (kind === 'request' && response) responder.respond(response);
    else responder.accepted();
  }

  @Get()
  openStream(@Req() req: Request, @Res() res: Response): void {
    if (!acceptsEventStream(req.headers.accept)) {
      throw new McpHttpError(405, TRANSPORT_ERROR, 'Method Not Allowed: GET needs Accept: text/event-stream', {
        Allow: 'POST, DELETE',
      });
    }
    assertProtocolVersion(header(req, MCP_PROTOCOL_VERSION_HEADER), SUPPORTED_PROTOCOL_VERSIONS);
    const session = this.requireSession(req);
    if (session.stream?.isOpen) {
      throw new McpHttpError(409, TRANSPORT_ERROR, 'Conflict: this session already has an open GET stream');
    }
    const stream = new SseStream(res, this.options.sseKeepAliveMs, { [MCP_SESSION_HEADER]: session.id });
    session.stream = stream;
    stream.onClose(() => {
      if (session.stream === stream) session.stream = undefined;
      session.lastSeenAt = Date.now();
    });
  }

  @Delete()
  endSession(@Req() req: Request, @Res() res: Response): void {
    assertProtocolVersion(header(req, MCP_PROTOCOL_VERSION_HEADER), SUPPORTED_PROTOCOL_VERSIONS);
    this.sessions.end(this.requireSession(req).id);
    res.writeHead(204).end();
  }

  private async initialize(message: unknown, filters: ClientFilters, responder: McpPostResponder): Promise<void> {
    const id = this.sessions.newId();
    // No notify: nothing may reach the client before it knows its session id.
    const response = await this.dispatch.handle(message, this.client(id, filters));
    if (response && 'result' in response) {
      this.sessions.open(id);
      responder.respond(response, { [MCP_SESSION_HEADER]: id });
    } else {
      this.dispatch.endSession(id);
      responder.respond(response);
    }
  }

  /** Batches and malformed objects: dispatch still writes the JSON-RPC error (-32600); HTTP says 400. */
  private async rejectInvalid(message: unknown, filters: ClientFilters, req: Request, res: Response): Promise<void> {
    const sessionId = header(req, MCP_SESSION_HEADER) ?? 'http:unbound';
    const response = await this.dispatch.handle(message, this.client(sessionId, filters));
    const body = JSON.stringify(
      response ?? transportError(JSON_RPC_ERROR_CODES.INVALID_REQUEST, 'Invalid Request: not a JSON-RPC message'),
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

  private requireSession(req: IncomingMessage): McpHttpSession {
    const id = header(req, MCP_SESSION_HEADER);
    if (!id) throw new McpHttpError(400, TRANSPORT_ERROR, 'Bad Request: Mcp-Session-Id header is required');
    const session = this.sessions.use(id);
    if (!session) throw new McpHttpError(404, SESSION_NOT_FOUND, 'Session not found');
    return session;
  }

  private filtersOf(req: IncomingMessage): ClientFilters {
    const parsed = headerFilters(req.headers);
    if ('error' in parsed) {
      throw new McpHttpError(400, JSON_RPC_ERROR_CODES.INVALID_REQUEST, `Bad Request: ${parsed.error}`);
    }
    return parsed.filters;
  }

  private responder(res: Response, accepted: AcceptedResponses, headers?: Record<string, string>): McpPostResponder {
    return new McpPostResponder(res, { ...accepted, keepAliveMs: this.options.sseKeepAliveMs, headers });
  }

  private client(sessionId: string, filters: ClientFilters, notify?: ClientContext['notify']): ClientContext {
    return { transport: 'http', sessionId, filters, notify };
  }
}
