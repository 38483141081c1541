import type { CallToolResult } from '../../features/tools/tool-definition.interface';
import { textContent } from '../../features/tools/tool-result';
import type { CommandJournal } from '../execute/command-journal';
import type { FinishedExecution } from './execution.ledger';
import type { ExecutionRecord } from './execution-record';

/** What a result says of its execution: `_meta.execution`. */
export interface ExecutionMeta {
  readonly id: string;
  readonly state: ExecutionRecord['state'];
}

/** What `execute` answers once its run ended: the pause, the divergence, else the run's result with its id. */
export function executionAnswer(
  { record, kept }: FinishedExecution,
  result: CallToolResult,
  commands: CommandJournal,
): CallToolResult {
  if (record.state === 'paused' && !kept) return unkeptPause(record, commands);
  if (record.state === 'paused') return pausedResult(record, commands);
  if (record.state === 'diverged') return divergedResult(record, commands);
  return withExecution(result, record);
}

/**
 * The result with its execution's id and state in `_meta.execution` (only for a run whose record was kept:
 * one that called an operation or paused), the rest of its shape unchanged.
 */
export function withExecution(result: CallToolResult, record: ExecutionRecord): CallToolResult {
  if (record.calls.length === 0 && record.pauses === 0) return result;
  const meta: ExecutionMeta = { id: record.id, state: record.state };
  return { ...result, _meta: { ...(result._meta as Record<string, unknown> | undefined), execution: meta } };
}

/**
 * A paused run's answer: not an error (nothing failed, nothing after the pause ran): which call it waits for,
 * what already took effect, and how it goes on. The same as data in `structuredContent.execution`.
 */
export function pausedResult(record: ExecutionRecord, commands: CommandJournal): CallToolResult {
  const waiting = record.waitingFor;
  if (!waiting) throw new Error(`execution ${record.id} is not paused`);
  const expires = new Date(record.expiresAt).toISOString();
  const text =
    `Execution ${record.id} is paused before ${waiting.operation} ${waiting.args}: it needs an approval this client ` +
    `cannot give (it declared no elicitation capability). It did not run, nor did anything after it. An operator ` +
    `can approve it by its id (the run then resumes: the calls already made are not made again) or reject it; ` +
    `unanswered, it expires at ${expires}.` +
    `\n\n${commands.describe()}`;
  const execution = {
    id: record.id,
    state: record.state,
    waitingFor: { reason: waiting.reason, operation: waiting.operation, args: JSON.parse(waiting.args) as unknown },
    expiresAt: expires,
    calls: record.calls.map(({ operation, outcome }) => ({ operation, outcome })),
  };
  return {
    content: [textContent(text)],
    structuredContent: { execution },
    _meta: { execution: { id: record.id, state: record.state } satisfies ExecutionMeta },
  };
}

/** A resumed run that did not make the recorded calls: stopped at the first other one, before it ran. */
export function divergedResult(record: ExecutionRecord, commands: CommandJournal): CallToolResult {
  const text =
    `Execution ${record.id} diverged at ${record.divergedAt}: resumed, the script did not make the calls its ` +
    'journal recorded (the same operations, in the same order, with the same arguments), so it was stopped ' +
    `before that call ran. What decides a script's calls must not change between its runs.\n\n${commands.describe()}`;
  return {
    content: [textContent(text)],
    isError: true,
    _meta: { execution: { id: record.id, state: record.state } satisfies ExecutionMeta },
  };
}

/** A pause the state store could not keep: nobody can resume it, so it ends as a failure (nothing after it ran). */
function unkeptPause(record: ExecutionRecord, commands: CommandJournal): CallToolResult {
  const text =
    `${record.waitingFor?.operation} needs an approval this client cannot give, and execution ${record.id} could ` +
    'not be kept to wait for one (the state store is unavailable): it stopped there, and that command and ' +
    `everything after it did not run.\n\n${commands.describe()}`;
  return { content: [textContent(text)], isError: true };
}
