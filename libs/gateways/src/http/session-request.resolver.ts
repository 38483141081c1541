import type { IncomingMessage } from 'node:http';
import type { ClientAccess } from '@myko/access';
import { Injectable } from '@nestjs/common';
import { McpHttpError } from '../errors';
import { MCP_SESSION_HEADER, SESSION_NOT_FOUND, TRANSPORT_ERROR } from '../gateways.constants';
import { HttpRequestLimiter } from '../limits/http-request.limiter';
import type { McpHttpSession } from './mcp-http-session.interface';
import { McpSessionRegistry } from './mcp-session.registry';
import { requestHeader } from './request-header.reader';

/** The session a request names, with the rate-limit wait and the subscriptions taken along (on Redis). */
export interface SessionOfRequest {
  session: McpHttpSession;
  rateWaitMs?: number;
  claimed?: readonly string[];
}

/**
 * Finds the session named by a request's `Mcp-Session-Id` (400 without one). A session belongs to the
 * API key that initialized it (its digest; anonymous sessions to the keyless profile): another key's
 * request on it, even of the same profile, is answered like an unknown session (404) — POST, GET with
 * `Last-Event-ID` and DELETE alike.
 */
@Injectable()
export class SessionRequestResolver {
  constructor(
    private readonly sessions: McpSessionRegistry,
    private readonly limiter: HttpRequestLimiter,
  ) {}

  async require(
    req: IncomingMessage,
    access: ClientAccess,
    isRequest: boolean,
    claim = false,
  ): Promise<SessionOfRequest> {
    const id = requestHeader(req, MCP_SESSION_HEADER);
    if (!id) throw new McpHttpError(400, TRANSPORT_ERROR, 'Bad Request: Mcp-Session-Id header is required');
    const rate = isRequest ? this.limiter.sharedRate(req, access) : undefined;
    const { session, rateWaitMs, claimed } = await this.sessions.resume(id, access, isRequest, rate, claim);
    if (!session) throw new McpHttpError(404, SESSION_NOT_FOUND, 'Session not found');
    return { session, ...(rate ? { rateWaitMs } : {}), ...(claimed ? { claimed } : {}) };
  }
}
