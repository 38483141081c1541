import type { ClientInfo, OperationContext, OperationLogger } from '@myko/registry';
import { Logger } from '@nestjs/common';
import type { RequestContext } from '../../interfaces/request-context.interface';
import { withClientLog } from '../../protocol/logging/operation-log';
import { requestLogTag } from '../../protocol/observe/request-id';

/** One Nest logger per operation name, shared by every call (names are checked against the registry first). */
const loggers = new Map<string, Logger>();

/** Who is calling, as operations see it: built once per request. */
export function clientInfoOf(request: RequestContext): ClientInfo {
  const { client, session } = request;
  const info: ClientInfo = {
    transport: client.transport,
    sessionId: client.sessionId,
    principal: client.principal,
    ...(client.subject === undefined ? {} : { subject: client.subject }),
    ...(client.identity === undefined ? {} : { identity: client.identity.slice(0, 16) }),
    clientName: session.clientInfo?.name,
    ...(request.requestId === undefined ? {} : { requestId: request.requestId }),
    ...(request.traceId === undefined ? {} : { traceId: request.traceId }),
  };
  // Not enumerable: audit lines, logs and JSON copies of the client must never carry the token.
  if (client.bearer) Object.defineProperty(info, 'bearer', { value: client.bearer, enumerable: false });
  return info;
}

/**
 * The context an operation receives when `execute` calls it: who is calling, the request's
 * abort signal (cancellation and the end of the run), logging to the server log, and progress.
 * Nothing in it is per call, so a run builds one per operation it calls and reuses it.
 */
export function createOperationContext(
  name: string,
  request: RequestContext,
  client: ClientInfo = clientInfoOf(request),
  elicit?: OperationContext['elicit'],
): OperationContext {
  let log: OperationLogger | undefined;
  return {
    client,
    // Read through: the request's signal is made only if the operation asks for it.
    get signal() {
      return request.signal;
    },
    get aborted() {
      return request.aborted;
    },
    // Built on first use: most operations never log, and this runs once per operation a request calls.
    get log() {
      if (!log) {
        const server = operationLogger(name, requestLogTag(request));
        log = request.log ? withClientLog(server, name, request.log) : server;
      }
      return log;
    },
    progress: request.progress,
    ...(elicit ? { elicit } : {}),
  };
}

/**
 * An operation's logger: `debug/info/warn/error(message, data?)` into the Nest log, context = name, each
 * line starting with `tag` (the request's ids, `requestLogTag`).
 */
export function operationLogger(name: string, tag = ''): OperationLogger {
  let logger = loggers.get(name);
  if (!logger) {
    logger = new Logger(name);
    loggers.set(name, logger);
  }
  const format = (message: string, data: unknown) =>
    data === undefined ? `${tag}${message}` : `${tag}${message} ${safeStringify(data)}`;
  return Object.freeze({
    debug: (message: string, data?: unknown) => logger.debug(format(message, data)),
    info: (message: string, data?: unknown) => logger.log(format(message, data)),
    warn: (message: string, data?: unknown) => logger.warn(format(message, data)),
    error: (message: string, data?: unknown) => logger.error(format(message, data)),
  });
}

function safeStringify(data: unknown): string {
  try {
    return JSON.stringify(data);
  } catch {
    return String(data);
  }
}
