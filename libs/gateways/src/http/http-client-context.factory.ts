import type { IncomingMessage } from 'node:http';
import type { ClientAccess } from '@myko/access';
import { clientAddress, clientIdOf } from '../limits/client-address';
import { traceContextOf } from '../observability/trace-context';
import type { HttpClientContext } from './http-client-context.interface';
import type { McpPostResponder } from './mcp-post.responder';

/**
 * The dispatch context of a message on a session. `closeStream` goes beside `notify` for dispatch
 * to offer tools (SEP-1699 polling on demand).
 */
export function httpClientContext(
  sessionId: string,
  access: ClientAccess,
  responder?: McpPostResponder,
  req?: IncomingMessage,
): HttpClientContext {
  const traceContext = req && traceContextOf(req.headers);
  return {
    ...(traceContext ? { traceContext } : {}),
    transport: 'http',
    sessionId,
    filters: access.filters,
    principal: access.principal,
    ...(req ? { clientId: clientIdOf(access.keyId, clientAddress(req)) } : {}),
    subject: access.subject,
    ...(access.bearer ? { bearer: access.bearer } : {}),
    ...(access.keyId ? { identity: access.keyId } : {}),
    notify: responder?.notify,
    closeStream: responder?.closeStream,
  };
}
