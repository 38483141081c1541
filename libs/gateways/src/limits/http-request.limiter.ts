import type { IncomingMessage } from 'node:http';
import { Injectable } from '@nestjs/common';
import type { ClientAccess } from '../common/client-access.resolver';
import { McpSessionRegistry } from '../http/mcp-session.registry';
import { clientAddress, rateLimitKey } from './client-address';
import { type Admission, EdgeAdmission, isRefusal } from './edge-admission.service';
import { LimitExceededError } from './limit-exceeded.error';

function requestId(message: unknown): string | number | null {
  const id = (message as { id?: unknown }).id;
  return typeof id === 'string' || typeof id === 'number' ? id : null;
}

/**
 * The edge limits of the Streamable HTTP endpoint, as refusals it can throw: a full server answers
 * an `initialize` with 503, a client over its rate or its session's in-flight cap gets 429; each with
 * `Retry-After` and a JSON-RPC error carrying the request id and `{ limit, retryAfterMs }`.
 */
@Injectable()
export class HttpRequestLimiter {
  constructor(
    private readonly admission: EdgeAdmission,
    private readonly sessions: McpSessionRegistry,
  ) {}

  /** Before an `initialize`: the client's rate, then a free session slot (expired sessions are swept first). */
  admitInitialize(req: IncomingMessage, access: ClientAccess, message: unknown): void {
    const rate = this.admission.admitRate(rateLimitKey(access.principal, clientAddress(req)));
    if (rate) throw new LimitExceededError(429, rate, requestId(message));
    if (!this.admission.admitSession(this.sessions.size)) return;
    this.sessions.sweep();
    const full = this.admission.admitSession(this.sessions.size);
    if (full) throw new LimitExceededError(503, full, requestId(message));
  }

  /** Before a request of a session: its rate and in-flight cap. Release the admission once answered. */
  admitRequest(req: IncomingMessage, access: ClientAccess, sessionId: string, message: unknown): Admission {
    const rateKey = rateLimitKey(access.principal, clientAddress(req));
    const decision = this.admission.admitRequest(`http:${sessionId}`, rateKey);
    if (isRefusal(decision)) throw new LimitExceededError(429, decision, requestId(message));
    return decision;
  }
}
