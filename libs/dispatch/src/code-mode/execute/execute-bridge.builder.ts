import type { OperationInvoker, OperationRegistry } from '@myko/registry';
import { CommandApprovalGate } from '../../features/operations/approval/command-approval.gate';
import type { McpContextFactory } from '../../features/operations/mcp-context.factory';
import type { RequestContext } from '../../interfaces/request-context.interface';
import type { ExecutionJournal } from '../executions/execution.journal';
import type { ExecutionRollbacks } from '../executions/execution.rollbacks';
import { executionSummary } from '../executions/execution.summary';
import type { ApprovalDoors } from './approval-doors';
import type { BridgeCallFairness } from './bridge-call.fairness';
import type { CommandJournal } from './command-journal';
import { CommandPlan, MAX_PLAN_BYTES } from './command-plan';
import type { CommandReplay } from './command-replay';
import { untilEnded } from './execute.parts';
import { HostBridge, type ScriptCommands } from './host.bridge';
import type { ScriptDiscovery } from './script-discovery';
import { needsApprovalFor } from './unapprovable-script.check';

/** One run's bridge as the builder is asked for it: what it records, replays and discovers, and when it ends. */
export interface RunBridgeRequest {
  readonly request: RequestContext;
  readonly journal: CommandJournal;
  readonly discovery: ScriptDiscovery;
  readonly replay?: CommandReplay;
  readonly mode?: 'plan';
  /** Fires when the script has ended: an approval still asked is withdrawn. */
  readonly ended: AbortSignal;
  /** The execution's journal (undefined only in the journal benchmark's baseline). */
  readonly execution?: ExecutionJournal;
}

/**
 * Assembles the `execute` tool's bridge for one run: the host side of the script's calls, with its commands
 * (recorded in plan mode, else held for approval).
 */
export class ExecuteBridgeBuilder {
  constructor(
    private readonly registry: OperationRegistry,
    private readonly invoker: OperationInvoker,
    private readonly contexts: McpContextFactory,
    private readonly fairness: BridgeCallFairness,
    private readonly doors: ApprovalDoors,
    private readonly rollbacks: ExecutionRollbacks,
  ) {}

  /** The run's bridge and the commands it holds (the plan's, read when the result is shaped). */
  build(run: RunBridgeRequest): { bridge: HostBridge; commands: ScriptCommands } {
    const { request, journal, discovery, replay } = run;
    const elicit = this.contexts.create(request).elicit;
    const commands = this.commandsFor(request, run.mode, run.ended, run.execution);
    const bridge = new HostBridge(
      this.registry,
      this.invoker,
      request,
      journal,
      discovery,
      replay,
      elicit,
      this.fairness,
      commands,
    );
    return { bridge, commands };
  }

  /**
   * Plan mode records commands (and asks nobody); a run holds those that need approval until the user
   * grants them. The approval's question is withdrawn when the run ends (`ended`), so a late answer runs nothing.
   */
  private commandsFor(
    request: RequestContext,
    mode: 'plan' | undefined,
    ended: AbortSignal,
    execution: ExecutionJournal | undefined,
  ): ScriptCommands {
    if (mode === 'plan') {
      // A task's run has `taskInput`: its door is seen without the execution id.
      const closed = this.doors.doorsFor(request, false).length === 0;
      const unreachable = closed ? needsApprovalFor(this.registry, request.client.filters) : undefined;
      return { plan: new CommandPlan(this.invoker, MAX_PLAN_BYTES, unreachable), execution };
    }
    const asker = this.contexts.create(untilEnded(request, ended));
    const approvals = new CommandApprovalGate(this.registry, this.invoker, request, asker, ended, execution);
    // The owner's own rollback (`myko.rollback`); plan mode has none: it would run compensations.
    const rollback = async (id: string) => executionSummary(await this.rollbacks.rollbackOwn(id, request.client));
    return { approvals, execution, rollback };
  }
}
