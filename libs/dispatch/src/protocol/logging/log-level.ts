import type { McpLogLevel } from '@myko/mcp';

/** MCP (RFC 5424) log levels, least to most severe. */
export const LOG_LEVELS: readonly McpLogLevel[] = [
  'debug',
  'info',
  'notice',
  'warning',
  'error',
  'critical',
  'alert',
  'emergency',
];

export function isLogLevel(value: unknown): value is McpLogLevel {
  return LOG_LEVELS.includes(value as McpLogLevel);
}

/** Whether a message at `level` passes a session set to `threshold`. */
export function passesLevel(level: McpLogLevel, threshold: McpLogLevel): boolean {
  return LOG_LEVELS.indexOf(level) >= LOG_LEVELS.indexOf(threshold);
}
