import type { McpLogLevel } from '@myko/mcp';

/** Sends a log message to the client when its level passes the session's (`notifications/message`). */
export type ClientLog = (level: McpLogLevel, data: unknown, logger?: string) => void;
