import type { IncomingMessage } from 'node:http';
import type { ClientAccess } from '@myko/access';
import { clientIdOf } from '../limits/client-address';
import { traceContextOf } from '../observability/trace-context';
import type { HttpClientContext } from './http-client-context.interface';
import type { McpPostResponder } from './mcp-post.responder';

/** The request a message came in, and its client address (`ClientAddressResolver`). */
export interface HttpRequestOrigin {
  readonly req: IncomingMessage;
  readonly address: string;
}

/**
 * The dispatch context of a message on a session. `closeStream` goes beside `notify` for dispatch
 * to offer tools (SEP-1699 polling on demand).
 */
export function httpClientContext(
  sessionId: string,
  access: ClientAccess,
  responder?: McpPostResponder,
  origin?: HttpRequestOrigin,
): HttpClientContext {
  const traceContext = origin && traceContextOf(origin.req.headers);
  return {
    ...(traceContext ? { traceContext } : {}),
    transport: 'http',
    sessionId,
    filters: access.filters,
    ...(access.narrowing ? { narrowing: access.narrowing } : {}),
    principal: access.principal,
    ...(origin ? { clientId: clientIdOf(access.keyId, origin.address) } : {}),
    subject: access.subject,
    ...(access.bearer ? { bearer: access.bearer } : {}),
    ...(access.keyId ? { identity: access.keyId } : {}),
    notify: responder?.notify,
    closeStream: responder?.closeStream,
  };
}
