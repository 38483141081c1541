import type { McpLogLevel } from '@myko/mcp';
import type { ClientLog } from '../../interfaces/client-log.interface';
import type { JsonRpcNotification } from '../../interfaces/json-rpc.types';
import type { SessionState } from '../../interfaces/session-state.interface';
import { passesLevel } from './log-level';

export const NO_CLIENT_LOG: ClientLog = () => undefined;

/** The `notifications/message` of one log line. */
export function logNotification(level: McpLogLevel, data: unknown, logger?: string): JsonRpcNotification {
  const params: Record<string, unknown> = { level, data: data ?? null };
  if (logger !== undefined) params.logger = logger;
  return { jsonrpc: '2.0', method: 'notifications/message', params };
}

/** A `ClientLog` filtered by the session's current level (read at each call: `setLevel` applies at once). */
export function createClientLog(session: SessionState, send: (message: JsonRpcNotification) => void): ClientLog {
  return (level, data, logger) => {
    if (passesLevel(level, session.logLevel)) send(logNotification(level, data, logger));
  };
}
