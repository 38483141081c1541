import type { OperationContext, OperationLogger } from '@myko/registry';
import { Logger } from '@nestjs/common';
import type { RequestContext } from '../interfaces/request-context.interface';

/**
 * The context an operation receives when `execute` calls it: who is calling, the request's
 * abort signal (cancellation and the end of the run), logging to the server log, and progress.
 */
export function createOperationContext(name: string, request: RequestContext): OperationContext {
  const { client, session, signal, progress } = request;
  return {
    client: {
      transport: client.transport,
      sessionId: client.sessionId,
      principal: client.principal,
      clientName: session.clientInfo?.name,
    },
    signal,
    log: createOperationLogger(name),
    progress,
  };
}

function createOperationLogger(name: string): OperationLogger {
  const logger = new Logger(name);
  const format = (message: string, data: unknown) =>
    data === undefined ? message : `${message} ${safeStringify(data)}`;
  return {
    debug: (message, data) => logger.debug(format(message, data)),
    info: (message, data) => logger.log(format(message, data)),
    warn: (message, data) => logger.warn(format(message, data)),
    error: (message, data) => logger.error(format(message, data)),
  };
}

function safeStringify(data: unknown): string {
  try {
    return JSON.stringify(data);
  } catch {
    return String(data);
  }
}
