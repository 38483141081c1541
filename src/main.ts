import { ENVIRONMENT_ERRORS, REFUSING_ERRORS } from './bootstrap/startup-errors';
import { type CliMode, type CliOptions, parseCli, USAGE } from './cli/cli.parser';
import { CliUsageError } from './cli/cli-usage.error';
import { ConfigError } from './config/config.error';

const NO_NODE_SNAPSHOT = '--no-node-snapshot';

function hasNoNodeSnapshot(): boolean {
  return (
    process.execArgv.includes(NO_NODE_SNAPSHOT) ||
    (process.env.NODE_OPTIONS ?? '').split(/\s+/).includes(NO_NODE_SNAPSHOT)
  );
}

function fail(message: string, exitCode: number): void {
  process.stderr.write(`myko-nest: ${message}\n`);
  process.exitCode = exitCode;
}

/** Nest, the plugins and isolated-vm load only here, so `--help` and usage errors answer at once. */
async function run(mode: CliMode, options: CliOptions): Promise<void> {
  const { createAppConfig } = await import('./config/app.config');
  const { loadPlugins } = await import('./plugin-loader/plugin.loader');
  const config = await loadPlugins(createAppConfig(mode, options));
  if (config.mode === 'stdio') {
    const { runStdio } = await import('./bootstrap/stdio.command');
    process.exit(await runStdio(config));
  }
  const { runServe } = await import('./bootstrap/serve.command');
  await runServe(config);
}

/** Entry point of `bin/myko-nest`: parses the command line and runs `serve` or `stdio`. */
export async function main(argv: readonly string[]): Promise<void> {
  try {
    const command = parseCli(argv);
    if (command.kind === 'help') {
      process.stdout.write(USAGE);
      return;
    }
    if (command.kind === 'key') {
      const { runKeyCommand } = await import('./cli/key.command');
      return await runKeyCommand(command.command, process.stdin, process.stdout);
    }
    if (!hasNoNodeSnapshot()) {
      // isolated-vm needs it (V8 shared read-only heap); it cannot be switched on at runtime.
      return fail(`Node must run with ${NO_NODE_SNAPSHOT} (bin/myko-nest adds it)`, 1);
    }
    if (command.kind === 'access') {
      const { runAccessExplain } = await import('./cli/access-explain.command');
      process.exitCode = await runAccessExplain(command.options, process.stdout);
      return;
    }
    await run(command.mode, command.options);
  } catch (error) {
    if (error instanceof CliUsageError) {
      const { usageErrorMessage } = await import('./cli/usage-error.message');
      return fail(usageErrorMessage(error), 2);
    }
    if (error instanceof ConfigError) return fail(`refusing to start: ${error.message}`, 2);
    // A duplicate operation name, a bad id or wrong decorator options: the operation set itself is
    // wrong, as with a bad config.
    if (error instanceof Error && REFUSING_ERRORS.has(error.name)) {
      fail(`refusing to start: ${error.message}`, 2);
      process.exit(2);
    }
    // `--redis` names a Redis that does not answer (the message names the URL, its password
    // redacted), or the port is taken: the message says what to change, a stack would not.
    if (error instanceof Error && ENVIRONMENT_ERRORS.has(error.name)) {
      fail(`failed to start: ${error.message}`, 1);
      process.exit(1);
    }
    fail(`failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`, 1);
    process.exit(1);
  }
}

if (require.main === module) void main(process.argv.slice(2));
