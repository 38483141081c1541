import { closestName } from '@myko/registry';
import type { CliUsageError } from './cli-usage.error';

/** Where a refused command line is pointed instead of being shown the whole usage. */
export const HELP_POINTER = 'Run `myko-nest --help` for the commands and options.';

/**
 * What the launcher prints for a command line it refuses: the reason, the closest option or command
 * for a misspelt one (`--prot` → `--port`, `server` → `serve`), and the pointer to `--help`. Kept
 * out of the parser so that `@myko/registry`'s edit distance loads only when a command line is wrong.
 */
export function usageErrorMessage(error: CliUsageError): string {
  const { unknown } = error;
  const meant = unknown ? closestName(unknown.arg, unknown.known) : undefined;
  const reason = meant ? `${error.message}; did you mean ${meant}?` : error.message;
  return `${reason}\n${HELP_POINTER}`;
}
