import { CliUsageError } from './cli-usage.error';

/** `myko-nest access explain …`: whom to explain, and an optional point question. */
export interface AccessExplainOptions {
  /** The config file (`--config`, else `MYKO_CONFIG`). */
  configPath?: string;
  key?: string;
  profile?: string;
  /** `--claims`, parsed: a token's claims, matched against the config's `oauth.profiles`. */
  claims?: Record<string, unknown>;
  operation?: string;
  /** `--args`, parsed: the arguments of the point question. */
  args?: Record<string, unknown>;
  /** `--plugin` files loaded beside the config file's plugins (their operations are explained too). */
  plugins: string[];
}

const FLAGS = ['--config', '--key', '--profile', '--claims', '--operation', '--args', '--plugin'] as const;
type Flag = (typeof FLAGS)[number];

function parseObject(flag: string, value: string, example: string): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw new CliUsageError(`${flag} must be JSON, got ${value}`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new CliUsageError(`${flag} must be a JSON object such as ${example}`);
  }
  return parsed as Record<string, unknown>;
}

function apply(options: AccessExplainOptions, flag: Flag, value: string): void {
  if (value === '') throw new CliUsageError(`${flag} needs a value`);
  if (flag === '--config') options.configPath = value;
  else if (flag === '--key') options.key = value;
  else if (flag === '--profile') options.profile = value;
  else if (flag === '--operation') options.operation = value;
  else if (flag === '--claims') options.claims = parseObject(flag, value, '{"scope":"myko:read"}');
  else if (flag === '--args') options.args = parseObject(flag, value, '{"warehouseCode":"BER"}');
  else options.plugins.push(value);
}

/** Parses the words after `access`: `explain` and its options. Throws `CliUsageError` on anything else. */
export function parseAccessExplain(argv: readonly string[]): AccessExplainOptions {
  if (argv[0] !== 'explain') {
    throw new CliUsageError(`access needs a subcommand: explain (got ${argv[0] ?? 'nothing'})`, {
      arg: argv[0] ?? '',
      known: ['explain'],
    });
  }
  const options: AccessExplainOptions = { plugins: [] };
  for (let i = 1; i < argv.length; i++) {
    const eq = argv[i].indexOf('=');
    const flag = (eq === -1 ? argv[i] : argv[i].slice(0, eq)) as Flag;
    if (!FLAGS.includes(flag)) {
      throw new CliUsageError(`unknown option ${argv[i]} of access explain`, { arg: flag, known: FLAGS });
    }
    const value = eq === -1 ? argv[++i] : argv[i].slice(eq + 1);
    if (value === undefined) throw new CliUsageError(`${flag} needs a value`);
    apply(options, flag, value);
  }
  if ([options.key, options.profile, options.claims].filter((part) => part !== undefined).length > 1) {
    throw new CliUsageError('access explain takes one of --key, --profile or --claims');
  }
  if (options.args !== undefined && options.operation === undefined) {
    throw new CliUsageError('--args belongs to a point question: add --operation <name>');
  }
  return options;
}
