import type { OperationLogger } from '@myko/registry';
import type { ClientLog } from '../../interfaces/client-log.interface';

/**
 * An operation logger that writes to the server log (`serverLog`) and, as `notifications/message`
 * from logger `<kind>_<id>`, to the client of the request (filtered by the session's level). The
 * client receives `message`, or `{ message, data }` when data was given.
 */
export function withClientLog(serverLog: OperationLogger, operation: string, clientLog: ClientLog): OperationLogger {
  const both =
    (serverLevel: keyof OperationLogger, clientLevel: Parameters<ClientLog>[0]) =>
    (message: string, data?: unknown) => {
      serverLog[serverLevel](message, data);
      clientLog(clientLevel, data === undefined ? message : { message, data }, operation);
    };
  return Object.freeze({
    debug: both('debug', 'debug'),
    info: both('info', 'info'),
    warn: both('warn', 'warning'),
    error: both('error', 'error'),
  });
}
