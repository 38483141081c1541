import { CliUsageError } from './cli-usage.error';

export type CliMode = 'serve' | 'stdio';

/** What the command line asked for; unset fields fall back to the config defaults. */
export interface CliOptions {
  host?: string;
  port?: number;
  databasePath?: string;
  configPath?: string;
  allowedHosts: string[];
  allowedOrigins: string[];
}

export type CliCommand = { kind: 'help' } | { kind: 'run'; mode: CliMode; options: CliOptions };

export const USAGE = `Usage: myko-nest [serve|stdio] [options]

Commands:
  serve              Serve MCP over Streamable HTTP and WebSocket at /mcp (default)
  stdio              Serve one MCP client over stdin/stdout (what MCP hosts launch)

Options:
  --host <host>          Interface to bind (serve)                 [default: 127.0.0.1]
  --port <port>          TCP port (serve; 0 picks a free one)      [default: 5155]
  --db <path>            SQLite database file, or :memory:         [default: ./data/myko.db]
  --allow-host <host>    Also accept this Host header (repeatable; comma-separated; * for any)
  --allow-origin <orig>  Also accept this Origin header (repeatable; comma-separated; * for any)
  --config <file>        Reserved for a configuration file (not supported yet)
  -h, --help             Show this help

stdio filters come from MYKO_MCP_TOOL_VISIBILITY_ALLOW / _DENY and MYKO_MCP_TOOL_CALLABLE_ALLOW / _DENY.
`;

const VALUE_FLAGS = new Set(['--host', '--port', '--db', '--config', '--allow-host', '--allow-origin']);

function parsePort(value: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65_535) throw new CliUsageError(`--port must be 0-65535, got "${value}"`);
  return port;
}

function list(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

function applyFlag(options: CliOptions, flag: string, value: string): void {
  if (value === '') throw new CliUsageError(`${flag} needs a value`);
  if (flag === '--host') options.host = value;
  else if (flag === '--port') options.port = parsePort(value);
  else if (flag === '--db') options.databasePath = value;
  else if (flag === '--config') options.configPath = value;
  else if (flag === '--allow-host') options.allowedHosts.push(...list(value));
  else options.allowedOrigins.push(...list(value));
}

/** Parses `[serve|stdio] [--flag value | --flag=value]…`; throws `CliUsageError` on anything else. */
export function parseCli(argv: readonly string[]): CliCommand {
  const options: CliOptions = { allowedHosts: [], allowedOrigins: [] };
  let mode: CliMode | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--help' || arg === '-h') return { kind: 'help' };
    const [flag, inline] = arg.startsWith('--') ? splitInline(arg) : [arg, undefined];
    if (VALUE_FLAGS.has(flag)) {
      const value = inline ?? argv[++i];
      if (value === undefined) throw new CliUsageError(`${flag} needs a value`);
      applyFlag(options, flag, value);
    } else if ((arg === 'serve' || arg === 'stdio') && mode === undefined) {
      mode = arg;
    } else {
      throw new CliUsageError(arg.startsWith('-') ? `unknown option ${arg}` : `unexpected argument "${arg}"`);
    }
  }
  return { kind: 'run', mode: mode ?? 'serve', options };
}

function splitInline(arg: string): [string, string | undefined] {
  const eq = arg.indexOf('=');
  return eq === -1 ? [arg, undefined] : [arg.slice(0, eq), arg.slice(eq + 1)];
}
