import type { SandboxConsole, SandboxRunResult } from '@myko/sandbox';
import type { CallToolResult, TextContent } from '../../features/tools/tool-definition.interface';
import { textContent } from '../../features/tools/tool-result';
import type { CommandJournal } from './command-journal';
import { describeFailure } from './failure-messages';

/**
 * Shapes a sandbox run as a `tools/call` result. Success: the returned JSON, then the console
 * output in its own block. Failure (`isError`): what failed and where, which commands had already
 * taken effect, then the console output, which often explains the failure.
 */
export function formatExecuteResult(run: SandboxRunResult, journal: CommandJournal): CallToolResult {
  const consoleBlock = renderConsole(run.console);
  if (run.ok) {
    return { content: withConsole([textContent(run.resultJson)], consoleBlock) };
  }
  const report = `${describeFailure(run.error)}\n\n${journal.describe()}`;
  return { content: withConsole([textContent(report)], consoleBlock), isError: true };
}

function withConsole(blocks: TextContent[], consoleBlock: TextContent | undefined): TextContent[] {
  return consoleBlock ? [...blocks, consoleBlock] : blocks;
}

function renderConsole(output: SandboxConsole): TextContent | undefined {
  if (output.text.length === 0 && !output.truncated) return undefined;
  const suffix = output.truncated ? '\n[console output truncated: the console limit was reached]' : '';
  return textContent(`console:\n${output.text}${suffix}`);
}
