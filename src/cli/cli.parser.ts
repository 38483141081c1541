import { type AccessExplainOptions, parseAccessExplain } from './access-explain.parser';
import { applyFlag, VALUE_FLAGS } from './cli-flag.values';
import type { CliMode, CliOptions } from './cli-options.interface';
import { CliUsageError } from './cli-usage.error';

export { MAX_SHUTDOWN_GRACE_MS, MAX_SYNTHETIC, TOOL_MODES } from './cli-flag.values';
export { type CliMode, type CliOptions, SERVER_PROFILES, type ServerProfile } from './cli-options.interface';

/** `keygen` prints a new API key and its hash; `hash-key` hashes a key read from stdin. */
export type KeyCommand = 'keygen' | 'hash-key';

export type CliCommand =
  | { kind: 'help' }
  | { kind: 'run'; mode: CliMode; options: CliOptions }
  | { kind: 'key'; command: KeyCommand }
  | { kind: 'access'; options: AccessExplainOptions };

export const USAGE = `Usage: myko-nest [serve|stdio] [options]
       myko-nest keygen | hash-key
       myko-nest access explain --config <file> (--key <k> | --profile <p> | --claims <json>) [--operation <name>] [--args <json>]

Commands:
  serve              Serve MCP over Streamable HTTP and WebSocket at /mcp (default)
  stdio              Serve one MCP client over stdin/stdout (what MCP hosts launch)
  keygen             Print a new API key and the sha256 hash to put in an access profile's "keys"
  hash-key           Print the sha256 hash of the API key read from stdin
  access explain     Print what a key, profile or token's claims can see and call, and which rule decided (JSON, offline);
                     with --operation and --args: may it make that call, and why not (exit 1 when refused)

Options:
  --host <host>          Interface to bind (serve)                 [default: 127.0.0.1]
  --port <port>          TCP port (serve; 0 picks a free one)      [default: 5155]
  --db <path>            SQLite database file, or :memory:         [default: ./data/myko.db]
  --config <file>        Access config: profiles, API key hashes, audit (or env MYKO_CONFIG)
  --profile-name <name>  stdio: the access profile to serve as (or env MYKO_PROFILE)
  --audit-log <dest>     Audit log: a file to append to, stderr, or off   [default: stderr]
  --insecure-no-auth     serve: allow a non-loopback --host without required API keys
  --plugin-set <set>     Plugin set: default, or conformance (adds the MCP conformance suite's fixtures)
                         (--profile is its deprecated old name; an access profile is --profile-name)
  --tool-mode <mode>     code (search + execute), direct (one tool per operation) or both
                         [default: the config file's "toolMode", else code; a profile's "toolMode" wins]
  --synthetic <n>        Also register n generated operations (scale tests, benchmarks)
  --plugin <file>        Also load this plugin file, CommonJS or ESM: the default export, or else every
                         named export, that is a Nest module (a @Module() class or a dynamic module)
                         (repeatable; see the config's "plugins")
  --redis <url>          Keep sessions, SSE replay, the message bus and shared counters in Redis, so
                         several instances serve one endpoint (or env MYKO_REDIS_URL, config "redis.url")
  --shutdown-grace-ms <ms>  On SIGTERM/SIGINT (or stdin EOF), how long in-flight requests may finish
                         before they are stopped; a second signal exits at once   [default: 10000]
  --allow-host <host>    Also accept this Host header (repeatable; comma-separated; * for any)
  --allow-origin <orig>  Also accept this Origin header (repeatable; comma-separated; * for any)
  --trusted-proxy <ip>   A proxy (address or CIDR range) whose Forwarded / X-Forwarded-For names the
                         client address (repeatable; comma-separated; see the config's "trustedProxies")
  -h, --help             Show this help

stdio filters come from MYKO_MCP_TOOL_VISIBILITY_ALLOW / _DENY and MYKO_MCP_TOOL_CALLABLE_ALLOW / _DENY;
with a profile they can only narrow it.
`;

const KEY_COMMANDS: readonly string[] = ['keygen', 'hash-key'];
/** Every option and command, for the did-you-mean of a misspelt one. */
const KNOWN_OPTIONS: readonly string[] = [...VALUE_FLAGS, '--insecure-no-auth', '--help'];
const KNOWN_COMMANDS: readonly string[] = ['serve', 'stdio', 'access', ...KEY_COMMANDS];

/** Flags that only make sense for one mode are refused for the other rather than ignored. */
function checkMode(mode: CliMode, options: CliOptions): void {
  if (mode === 'serve' && options.profileName !== undefined) {
    throw new CliUsageError('--profile-name is for stdio; HTTP and WebSocket clients select a profile by API key');
  }
  if (mode === 'stdio' && options.insecureNoAuth) throw new CliUsageError('--insecure-no-auth is for serve');
}

/** Parses `[serve|stdio] [--flag value | --flag=value]…` or `keygen|hash-key`; throws `CliUsageError` on anything else. */
export function parseCli(argv: readonly string[]): CliCommand {
  if (argv[0] === 'access') {
    if (argv.includes('--help') || argv.includes('-h')) return { kind: 'help' };
    return { kind: 'access', options: parseAccessExplain(argv.slice(1)) };
  }
  const options: CliOptions = { allowedHosts: [], allowedOrigins: [], plugins: [], trustedProxies: [] };
  let mode: CliMode | undefined;
  let key: KeyCommand | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--help' || arg === '-h') return { kind: 'help' };
    const [flag, inline] = arg.startsWith('--') ? splitInline(arg) : [arg, undefined];
    if (VALUE_FLAGS.has(flag)) {
      const value = inline ?? argv[++i];
      if (value === undefined) throw new CliUsageError(`${flag} needs a value`);
      applyFlag(options, flag, value);
    } else if (flag === '--insecure-no-auth') {
      if (inline !== undefined) throw new CliUsageError('--insecure-no-auth takes no value');
      options.insecureNoAuth = true;
    } else if ((arg === 'serve' || arg === 'stdio') && mode === undefined && key === undefined) {
      mode = arg;
    } else if (KEY_COMMANDS.includes(arg) && mode === undefined && key === undefined && i === 0) {
      key = arg as KeyCommand;
    } else {
      throw unknownArgument(arg, flag, mode !== undefined || key !== undefined);
    }
  }
  if (key) {
    if (argv.length > 1) throw new CliUsageError(`${key} takes no options`);
    return { kind: 'key', command: key };
  }
  checkMode(mode ?? 'serve', options);
  return { kind: 'run', mode: mode ?? 'serve', options };
}

/** An option no flag has, a command word where the command goes, or a word after the command. */
function unknownArgument(arg: string, flag: string, afterCommand: boolean): CliUsageError {
  if (arg.startsWith('-')) return new CliUsageError(`unknown option ${arg}`, { arg: flag, known: KNOWN_OPTIONS });
  if (afterCommand) return new CliUsageError(`unexpected argument "${arg}"`);
  return new CliUsageError(`unknown command "${arg}"`, { arg, known: KNOWN_COMMANDS });
}

function splitInline(arg: string): [string, string | undefined] {
  const eq = arg.indexOf('=');
  return eq === -1 ? [arg, undefined] : [arg.slice(0, eq), arg.slice(eq + 1)];
}
