import type { SandboxConsole, SandboxRunResult } from '@myko/sandbox';
import type { CallToolResult, TextContent } from '../../features/tools/tool-definition.interface';
import { textContent } from '../../features/tools/tool-result';
import type { CommandJournal } from './command-journal';
import type { CommandPlan } from './command-plan';
import { describeFailure } from './failure-messages';
import { type FittedResult, fitResult } from './result-budget.cutter';

/**
 * Shapes a sandbox run as a `tools/call` result. Success: the returned JSON within `budgetBytes` (cut
 * structurally past it, see `fitResult`), the note of what was cut in its own block, then the console
 * output in its own block. Failure (`isError`): what failed and where, which commands had already
 * taken effect, then the console output, which often explains the failure.
 */
export function formatExecuteResult(
  run: SandboxRunResult,
  journal: CommandJournal,
  plan?: CommandPlan,
  budgetBytes = Number.POSITIVE_INFINITY,
): CallToolResult {
  const consoleBlock = renderConsole(run.console);
  if (run.ok) {
    const fitted = fitResult(run.resultJson, budgetBytes);
    if (plan) return planResult(fitted, plan, consoleBlock);
    return { content: withConsole(withNote([textContent(fitted.json)], fitted), consoleBlock) };
  }
  const commands = plan ? describePlan(plan) : journal.describe();
  const report = `${describeFailure(run.error)}\n\n${commands}`;
  return { content: withConsole([textContent(report)], consoleBlock), isError: true };
}

/**
 * Plan mode: `{ plan: [{ command, args, preview? }…], omitted?, result }`, as JSON text (what the model reads)
 * and as `structuredContent` (for programs). The result JSON is already within the result limit; the plan
 * keeps `MAX_PLAN_BYTES` and counts the rest (`omitted`).
 */
function planResult(fitted: FittedResult, plan: CommandPlan, consoleBlock: TextContent | undefined): CallToolResult {
  const omitted = plan.omitted > 0 ? { omitted: plan.omitted } : {};
  const structured = { plan: plan.entries, ...omitted, result: JSON.parse(fitted.json) as unknown };
  return {
    content: withConsole(withNote([textContent(JSON.stringify(structured))], fitted), consoleBlock),
    structuredContent: structured,
  };
}

function describePlan(plan: CommandPlan): string {
  if (plan.entries.length === 0) return 'Plan mode: no command was planned, and none ran.';
  const lines = plan.entries.map((entry, i) => `${i + 1}. command_${entry.command} ${JSON.stringify(entry.args)}`);
  return `Plan mode: nothing ran. Commands planned before the failure, in order:\n${lines.join('\n')}`;
}

function withNote(blocks: TextContent[], fitted: FittedResult): TextContent[] {
  return fitted.note ? [...blocks, textContent(fitted.note)] : blocks;
}

function withConsole(blocks: TextContent[], consoleBlock: TextContent | undefined): TextContent[] {
  return consoleBlock ? [...blocks, consoleBlock] : blocks;
}

function renderConsole(output: SandboxConsole): TextContent | undefined {
  if (output.text.length === 0 && !output.truncated) return undefined;
  const suffix = output.truncated ? '\n[console output truncated: the console limit was reached]' : '';
  return textContent(`console:\n${output.text}${suffix}`);
}
