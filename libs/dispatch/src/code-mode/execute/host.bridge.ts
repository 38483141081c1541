import {
  type ClientInfo,
  InvalidArgumentsError,
  OperationAbortedError,
  type OperationContext,
  OperationError,
  type OperationInvoker,
  OperationNotFoundError,
  type OperationRegistry,
} from '@myko/registry';
import type { SandboxBridge, SandboxCallKind } from '@myko/sandbox';
import { CallRefusedError } from '../../errors';
import type { CommandApprovalGate } from '../../features/operations/approval/command-approval.gate';
import { clientInfoOf, createOperationContext } from '../../features/operations/operation-context.factory';
import { toClientFailure } from '../../features/operations/operation-error.mapper';
import { reportRefusal } from '../../features/operations/refusal.reporter';
import type { RequestContext } from '../../interfaces/request-context.interface';
import { ExecutionDecisionError } from '../executions/execution.errors';
import type { CallSlot, ExecutionJournal } from '../executions/execution.journal';
import type { ExecutionSummary } from '../executions/execution.summary';
import type { JournaledKind } from '../executions/execution-record';
import { callOutcome, parseArguments, withScriptFields } from './bridge-call.boundary';
import type { BridgeCallFairness } from './bridge-call.fairness';
import type { CommandJournal, CommandRecord } from './command-journal';
import type { CommandPlan } from './command-plan';
import type { CommandReplay, ReplayedOutcome } from './command-replay';
import type { ScriptDiscovery } from './script-discovery';

/** What stands between a checked command call and its run: plan mode records it, else approval may hold it. */
export interface ScriptCommands {
  /** `mode: 'plan'`: commands are recorded and answered with a stand-in, never run (nor asked about). */
  readonly plan?: CommandPlan;
  /** Holds commands that need the user's approval until it is given. */
  readonly approvals?: CommandApprovalGate;
  /** The execution's journal: records every operation call, and answers those an earlier run made. */
  readonly execution?: ExecutionJournal;
  /**
   * `myko.rollback(executionId)`: the caller's own rollback of one of its executions (`ExecutionRollbacks.rollbackOwn`),
   * answering its summary. Absent in plan mode. Not journaled: a resume calls it again, and a rolled-back execution
   * runs nothing the second time.
   */
  readonly rollback?: (executionId: string) => Promise<ExecutionSummary>;
}

/** Longest operation id echoed back in an error, so a script cannot make the host build huge messages. */
const MAX_ECHOED_ID = 200;

/**
 * The host side of `myko.*` for one `execute` run. Each call is re-checked as if it came over the
 * wire: visibility (a hidden operation is indistinguishable from an unknown one), callability,
 * argument validation, then invocation with the request's abort signal. Errors cross into the
 * script by name, message, `code`, `status`, `retryable` and `details`; anything that is not an
 * `OperationError` is masked and logged.
 */
export class HostBridge implements SandboxBridge {
  /** The operations this run has called: each known to exist and be visible, with its context. */
  private readonly admitted = new Map<string, OperationContext>();
  private client?: ClientInfo;
  /** A `myko.rollback` was asked: its compensations may have changed data (they are not in the command journal). */
  private rolledBack = false;

  constructor(
    private readonly registry: OperationRegistry,
    private readonly invoker: OperationInvoker,
    private readonly request: RequestContext,
    private readonly journal: CommandJournal,
    private readonly discovery?: ScriptDiscovery,
    /** 2026-07-28: replays the commands of earlier rounds (see `CommandReplay`). */
    private readonly replay?: CommandReplay,
    /** Asks the user, for operations that confirm before they change anything. */
    private readonly elicit?: OperationContext['elicit'],
    /** Shares the main thread with other clients' calls (round-robin by client). */
    private readonly fairness?: BridgeCallFairness,
    private readonly commands: ScriptCommands = {},
  ) {}

  /**
   * Whether a command of this run reached its operation (so it may have changed data): a run crashed by a
   * neighbour is re-run only when not. A command refused before it ran, or planned, is not in the journal.
   */
  hasCommitted(): boolean {
    const committed = this.journal.entries.length > 0 || this.rolledBack;
    // Asked only to decide a re-run: one that comes starts the execution's journal over.
    if (!committed) this.commands.execution?.restart();
    return committed;
  }

  call(kind: SandboxCallKind, id: string, argsJson: string): Promise<string> {
    const served = this.fairness
      ? this.fairness.run(this.request.client, () => this.serve(kind, id, argsJson))
      : this.serve(kind, id, argsJson);
    return served.catch(withScriptFields);
  }

  private async serve(kind: SandboxCallKind, id: string, argsJson: string): Promise<string> {
    if (kind === 'search' || kind === 'describe') return this.discover(kind, String(id), argsJson);
    if (kind === 'rollback') return this.rollBack(String(id).slice(0, MAX_ECHOED_ID));
    const name = `${kind}_${String(id).slice(0, MAX_ECHOED_ID)}`;
    const end = this.request.operationCall?.(name);
    if (!end) return this.checkAndInvoke(name, kind, argsJson);
    try {
      const result = await this.checkAndInvoke(name, kind, argsJson);
      end('ok');
      return result;
    } catch (error) {
      end(callOutcome(error));
      throw error;
    }
  }

  private async checkAndInvoke(name: string, kind: SandboxCallKind, argsJson: string): Promise<string> {
    // Parsed before the name is looked at: a hidden and a missing operation cost the host the same work.
    const args = parseArguments(name, argsJson);
    const ctx = this.admitted.get(name) ?? this.admit(name, args);
    const refusal = this.request.client.filters.checkCallable(name, args, this.registry.canonOf(name));
    if (refusal !== undefined) {
      reportRefusal(this.invoker, this.request, name, args, refusal);
      throw new CallRefusedError(refusal);
    }
    if (this.request.signal.aborted) throw new OperationAbortedError(name, 'the execution was stopped');
    return this.invoke(name, kind, args, ctx);
  }

  /**
   * First call of an operation in this run. Filters and the registry are fixed for the run, so
   * existence and visibility are checked once (a refused name is checked, and reported, on every
   * call); the context holds nothing per call, so it is kept too.
   */
  private admit(name: string, args: object): OperationContext {
    // A hidden and a missing operation take the same path (lookup, audited refusal, the same error):
    // neither the answer nor the time it takes tells them apart.
    const exists = this.registry.get(name) !== undefined;
    if (!exists || !this.request.client.filters.isVisible(name)) {
      const reason = exists ? `${name} is not visible to this client` : `${name} is not an operation`;
      reportRefusal(this.invoker, this.request, name, args, reason);
      throw this.notFound(name);
    }
    this.client ??= this.clientInfo();
    const ctx = createOperationContext(name, this.request, this.client, this.elicit);
    this.admitted.set(name, ctx);
    return ctx;
  }

  /** Who is calling, with the execution's id (for the audit line). */
  private clientInfo(): ClientInfo {
    const info = clientInfoOf(this.request);
    const executionId = this.commands.execution?.id;
    // Onto the same object: a copy would drop its non-enumerable forwarded token (a passThrough connector's).
    return executionId === undefined ? info : Object.assign(info, { executionId });
  }

  /** Did-you-mean: the closest visible operations (the same id under another kind first), never hidden ones. */
  private notFound(name: string): OperationNotFoundError {
    return this.discovery?.notFound(name) ?? new OperationNotFoundError(name);
  }

  /** `myko.search` / `myko.describe`: read-only, under the same filters, no operation runs. */
  private async discover(kind: 'search' | 'describe', query: string, argsJson: string): Promise<string> {
    if (!this.discovery) throw new OperationNotFoundError(`myko.${kind}`);
    if (this.request.signal.aborted) throw new OperationAbortedError(`myko.${kind}`, 'the execution was stopped');
    try {
      return kind === 'search' ? this.discovery.search(query, argsJson) : this.discovery.describe(query);
    } catch (error) {
      if (error instanceof CallRefusedError) throw error;
      throw error instanceof SyntaxError
        ? new InvalidArgumentsError(`myko.${kind}`, [{ path: 'options', reasons: ['must be JSON-serializable'] }])
        : this.toScriptError(`myko.${kind}`, error);
    }
  }

  /** `myko.rollback`: the compensations run through the invoker (audited), checked against this client's filters. */
  private async rollBack(executionId: string): Promise<string> {
    const label = 'myko.rollback';
    const rollback = this.commands.rollback;
    if (!rollback)
      throw new OperationError(`${label} runs nothing in plan mode: run the script without it.`, 'plan_mode');
    if (this.request.signal.aborted) throw new OperationAbortedError(label, 'the execution was stopped');
    this.rolledBack = true;
    try {
      const summary = await rollback(executionId);
      this.journal.noteRollback(executionId, `${summary.state}`);
      return JSON.stringify(summary);
    } catch (error) {
      this.journal.noteRollback(executionId, `failed (${error instanceof Error ? error.message : String(error)})`);
      if (!(error instanceof ExecutionDecisionError)) throw this.toScriptError(label, error);
      throw new OperationError(error.message, error.status === 404 ? 'execution_not_found' : 'rollback_refused');
    }
  }

  private async invoke(name: string, kind: SandboxCallKind, args: object, ctx: OperationContext): Promise<string> {
    const { plan, approvals, execution } = this.commands;
    if (kind === 'command' && plan) return this.planned(plan, name, args, ctx);
    const replay = kind === 'command' ? this.replay : undefined;
    const earlier = replay?.recall(name, args);
    const position = this.journal.entries.length;
    const record = kind === 'command' ? this.journal.start(name) : undefined;
    if (earlier && record) return this.replayed(record, earlier);
    const call = execution?.begin(kind as JournaledKind, name, args);
    if (call?.recorded) return this.replayed(record, call.recorded);
    let result: unknown;
    try {
      const approved = record && approvals ? await approvals.approve(name, args, position, ctx, call?.slot.index) : ctx;
      result = await this.invoker.invoke(name, args, approved);
    } catch (error) {
      replay?.failed(name, args, error);
      const scriptError = this.toScriptError(name, error);
      if (record && error instanceof OperationAbortedError) this.journal.interrupt(record);
      else if (record) this.journal.fail(record, scriptError);
      this.settle(call?.slot, { error: scriptError });
      throw scriptError;
    }
    if (record) this.journal.complete(record);
    let json: string;
    try {
      json = JSON.stringify(result ?? null) ?? 'null';
    } catch (error) {
      const scriptError = this.toScriptError(name, error);
      this.settle(call?.slot, { error: scriptError });
      throw scriptError;
    }
    replay?.completed(name, args, json);
    this.settle(call?.slot, { result: json });
    return json;
  }

  private settle(slot: CallSlot | undefined, outcome: { result: string } | { error: Error }): void {
    if (slot) this.commands.execution?.settle(slot, outcome);
  }

  private async planned(plan: CommandPlan, name: string, args: object, ctx: OperationContext): Promise<string> {
    try {
      return await plan.record(name, args, ctx);
    } catch (error) {
      throw this.toScriptError(name, error);
    }
  }

  /** A call an earlier round (or run of this execution) made: its recorded outcome, without running it again. */
  private replayed(record: CommandRecord | undefined, earlier: ReplayedOutcome): string {
    if ('error' in earlier) {
      if (record) this.journal.fail(record, earlier.error);
      throw earlier.error;
    }
    if (record) this.journal.complete(record);
    return earlier.result;
  }

  private toScriptError(name: string, error: unknown): Error {
    return toClientFailure(error, { as: 'script' }, { label: name, request: this.request });
  }
}
