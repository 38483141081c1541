import { setMaxListeners } from 'node:events';
import { OperationInvoker, OperationRegistry } from '@myko/registry';
import { MAX_PARALLEL_BRIDGE_CALLS, SandboxService } from '@myko/sandbox';
import { SHARED_ABUSE_BACKOFF, type SharedAbuseBackoff } from '@myko/state';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown, Optional } from '@nestjs/common';
import { DISPATCH_OPTIONS } from '../../dispatch.constants';
import { McpContextFactory } from '../../features/operations/mcp-context.factory';
import type { CallToolResult } from '../../features/tools/tool-definition.interface';
import type { ClientContext } from '../../interfaces/client-context.interface';
import type { ResolvedDispatchOptions } from '../../interfaces/dispatch-options.interface';
import type { RequestContext } from '../../interfaces/request-context.interface';
import { ExecutionLedger } from '../executions/execution.ledger';
import { executionAnswer } from '../executions/execution.result';
import { ExecutionRollbacks } from '../executions/execution.rollbacks';
import type { ExecutionRecord } from '../executions/execution-record';
import { OperationSearchService } from '../search/operation-search.service';
import { parseExecuteArguments } from '../tool-arguments';
import { withTypeWarnings } from '../type-check/type-check.result';
import { ApprovalDoors } from './approval-doors';
import { BridgeCallFairness } from './bridge-call.fairness';
import { CommandJournal } from './command-journal';
import { CommandReplay } from './command-replay';
import { ExecuteMonitor } from './execute.monitor';
import {
  clientIdOf,
  type ExecutionScript,
  type RunOptions,
  reuseKeyOf,
  SANDBOX_FULL_LIMIT,
  sandboxFull,
} from './execute.parts';
import { abusePartyOf, ExecuteAbuseBackoff } from './execute-abuse.backoff';
import { ExecuteActivity } from './execute-activity';
import { ExecuteBridgeBuilder } from './execute-bridge.builder';
import { executeCooldownRefusal } from './execute-cooldown.refusal';
import { cooldownRefusalEvent, limitRefusalEvent } from './execute-guard.event';
import { ExecuteLimitError } from './execute-limit.error';
import { type ExecuteQuotaOptions, ExecuteQuotas } from './execute-quotas';
import { formatExecuteResult } from './execute-result.formatter';
import { ExecuteTypeCheckGate } from './execute-type-check.gate';
import { byProfile } from './profile-setting';
import { RESIDENT_RETRY_MS, ResidentQuota } from './resident-quota';
import { ScriptDiscovery } from './script-discovery';
import { oversizeScript } from './script-size.limit';
import { needsApprovalFor, unapprovableCommands } from './unapprovable-script.check';
import { UnapprovableScriptError } from './unapprovable-script.error';

/**
 * The `execute` tool: runs the model's code in a fresh sandbox bound to this request's bridge, within the
 * resident caps of its session and its client (refused at once past them, retryable), and not at all for a
 * client in an abuse cooldown.
 */
@Injectable()
export class ExecuteTool implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly quota: ResidentQuota;
  private readonly quotas: ExecuteQuotas;
  private readonly abuse?: ExecuteAbuseBackoff;
  private readonly typeCheck: ExecuteTypeCheckGate;
  private readonly maxScriptBytes: number;
  private readonly resultBudget: (client: ClientContext) => number;
  private readonly executions: ExecutionLedger;
  private readonly bridges: ExecuteBridgeBuilder;
  private readonly doors: ApprovalDoors;

  constructor(
    private readonly sandbox: SandboxService,
    private readonly registry: OperationRegistry,
    invoker: OperationInvoker,
    private readonly searchService: OperationSearchService,
    @Inject(DISPATCH_OPTIONS) options: Pick<ResolvedDispatchOptions, 'execute'> & ExecuteQuotaOptions,
    contexts: McpContextFactory,
    private readonly monitor: ExecuteMonitor,
    fairness: BridgeCallFairness,
    @Optional() @Inject(SHARED_ABUSE_BACKOFF) sharedAbuse?: SharedAbuseBackoff | null,
    @Optional() executions?: ExecutionLedger,
    @Optional() private readonly activity?: ExecuteActivity,
    @Optional() doors?: ApprovalDoors,
    @Optional() rollbacks?: ExecutionRollbacks,
  ) {
    this.executions = executions ?? new ExecutionLedger();
    this.doors = doors ?? new ApprovalDoors();
    const undo = rollbacks ?? new ExecutionRollbacks(this.executions, registry, invoker);
    this.bridges = new ExecuteBridgeBuilder(registry, invoker, contexts, fairness, this.doors, undo);
    const { maxRunsPerSession: perSession, maxRunsPerKey: perKey, maxRunsPerAddress: perAddress } = options.execute;
    this.quota = new ResidentQuota({ perSession, perKey, perAddress });
    this.quotas = new ExecuteQuotas(options.profileQuotas ?? {});
    const { abuseBackoff, maxScriptBytes } = options.execute;
    this.maxScriptBytes = maxScriptBytes;
    this.resultBudget = byProfile(options.execute.resultBudgetBytes, options.execute.profileResultBudgets);
    this.typeCheck = new ExecuteTypeCheckGate(registry, options.execute);
    // On Redis the strikes are every instance's: a client cannot spread its scripts over the replicas.
    if (abuseBackoff) {
      const abuse = ExecuteAbuseBackoff.over(abuseBackoff, sharedAbuse, monitor);
      this.abuse = abuse;
      activity?.readCooldownsWith((party) => abuse.cooldown(party));
    }
  }

  /** Whether scripts are type-checked before they run (then they may be TypeScript). */
  get checksTypes(): boolean {
    return this.typeCheck.checksTypes;
  }

  onApplicationBootstrap(): Promise<void> {
    return this.typeCheck.warm();
  }

  /**
   * After the drain (`beforeApplicationShutdown`), not at module destroy, which Nest runs first: an execute still
   * in flight waits for its type check, and under strict a check its worker never gives is a refusal.
   */
  onApplicationShutdown(): Promise<void> {
    return this.typeCheck.close();
  }

  /** Runs `args.code`; `executionId` names the execution (a task's own id), else a new one is made. */
  async call(args: Record<string, unknown>, request: RequestContext, executionId?: string): Promise<CallToolResult> {
    const { code: source, timeoutMs, mode } = parseExecuteArguments(args);
    const startedAt = performance.now();
    const party = abusePartyOf(request.client);
    const cooldown = await this.abuse?.cooldownAfterPause(party, request.signal);
    if (cooldown) {
      this.monitor.report('cooldown', startedAt);
      const profile = request.client.principal;
      this.monitor.reportGuard(() => cooldownRefusalEvent(party, cooldown, profile));
      return executeCooldownRefusal(cooldown);
    }
    // Before any scan: a script past the limit is refused at once, and sending one is a strike, as probing is.
    const oversize = oversizeScript(source, this.maxScriptBytes);
    if (oversize) {
      await this.abuse?.strike(party, 'oversize');
      this.monitor.report('limit', startedAt);
      throw oversize;
    }
    // Before anything runs and before a resident place is taken; a refused script is not a strike unless it
    // probes the catalogue (names more operations than a check judges, or many the caller cannot call).
    const discovery = this.discoveryFor(request);
    const checked = await this.typeCheck.check(source, request, discovery, mode === 'plan', party);
    // A check out of its time (or heap) is the sender's, whatever the mode: it held a worker for the whole limit.
    if (checked.unjudged === 'timeout' || checked.unjudged === 'crash')
      await this.abuse?.strike(party, 'type-check-timeout');
    if (checked.refused) {
      if (checked.probing) await this.abuse?.strike(party, 'probing');
      const { diagnostics, unjudged } = checked;
      this.monitor.report(diagnostics.length === 0 && unjudged === 'busy' ? 'limit' : 'syntax', startedAt);
      return this.typeCheck.refusal(checked);
    }
    const { code } = checked;
    if (mode !== 'plan') this.refuseUnapprovable(code, request, executionId !== undefined, startedAt);
    // A stateless request is a session of its own: its caller's caps (key, else address) bound it.
    const quota = this.quotas.runsQuota(request.client);
    const release = this.quota.take(request.client.sessionId, clientIdOf(request.client), quota);
    if (typeof release !== 'function') {
      this.monitor.report('limit', startedAt);
      // A resident cap's or a quota's refusal, reported as a guard event.
      this.monitor.reportGuard(() => limitRefusalEvent(party, release, request.client.principal));
      throw new ExecuteLimitError(release);
    }
    try {
      const options = { mode, diagnostics: checked.diagnostics, startedAt, discovery, executionId };
      return await this.runScript(request, { code, ...(timeoutMs ? { timeoutMs } : {}) }, options);
    } finally {
      release();
    }
  }

  /**
   * Runs a paused execution again after an operator approved it, as its owner (`request` is built for them):
   * its journal answers the calls already made, and the call it waited on runs, approved by `by`.
   */
  resume(record: ExecutionRecord, by: string, request: RequestContext): Promise<CallToolResult> {
    const options = { diagnostics: [], startedAt: performance.now(), resume: { record, by } };
    return this.runScript(request, record.script, options);
  }

  /** Runs a checked script as an execution (new, or resumed from its record) and shapes its answer. */
  private async runScript(
    request: RequestContext,
    script: ExecutionScript,
    options: RunOptions,
  ): Promise<CallToolResult> {
    const { mode, startedAt, resume } = options;
    const party = abusePartyOf(request.client);
    // Each call in flight (up to MAX_PARALLEL_BRIDGE_CALLS) may listen to the request's signal: not a leak.
    setMaxListeners(2 * MAX_PARALLEL_BRIDGE_CALLS + 10, request.signal);
    const ended = new AbortController();
    try {
      const journal = new CommandJournal();
      // A run that asked for input, paused or diverged stops there (see CommandReplay, ExecutionJournal).
      const stop = new AbortController();
      const halt = () => stop.abort();
      const execution = resume
        ? this.executions.resume(resume.record, resume.by, halt)
        : this.executions.start(request, script, halt, options.executionId);
      const replay = request.input ? new CommandReplay(request.input, halt) : undefined;
      // Off only in the journal benchmark's baseline: no call is recorded, so the run's end writes nothing.
      const hold = this.executions.journaling ? execution.journal : undefined;
      const discovery = options.discovery ?? this.discoveryFor(request);
      const built = { request, journal, discovery, replay, mode, ended: ended.signal, execution: hold };
      const { bridge, commands } = this.bridges.build(built);
      const signal = AbortSignal.any([request.signal, stop.signal]);
      const cpu = this.quotas.cpu(request.client);
      // The conversation, under its principal: a crash is charged to the run's own conversation, shares to its principal.
      const reuseKey = reuseKeyOf(request.client);
      const { code, timeoutMs } = script;
      const profile = request.client.principal;
      const live = { ...party, ...(profile === undefined ? {} : { profile }), executionId: execution.record.id };
      const leave = this.activity?.begin({ ...live, startedAt: Date.now() });
      const run = await this.sandbox
        .run({ code, timeoutMs, signal, bridge, client: party.conversation, reuseKey, ...cpu })
        .finally(leave);
      // Withdraws an approval still asked: once the script has ended, a late answer must run nothing.
      ended.abort();
      if (!run.ok && run.error.kind === 'queue-full') {
        this.monitor.report('limit', startedAt);
        const full = { limit: SANDBOX_FULL_LIMIT, retryAfterMs: RESIDENT_RETRY_MS };
        this.monitor.reportGuard(() => limitRefusalEvent(party, full, request.client.principal));
        throw sandboxFull(run.error.message);
      }
      const budget = this.resultBudget(request.client);
      const formatted = formatExecuteResult(run, journal, commands.plan, budget);
      const result = withTypeWarnings(formatted, options.diagnostics);
      if (request.input?.needsInput) return result;
      const finished = await this.executions.finish(execution, run);
      const { record } = finished;
      await this.abuse?.strike(party, run.ok || record.state === 'paused' ? undefined : run.error.kind, run.stats);
      this.monitor.report(run.ok || record.state === 'paused' ? 'ok' : run.error.kind, startedAt);
      return executionAnswer(finished, result, journal);
    } finally {
      ended.abort();
    }
  }

  /**
   * Refuses, before anything runs, a script that certainly calls a command needing approval when no door can
   * bring this request a decision: run, it would change what comes first, then wait for a decision nobody can
   * give. Plan mode runs no command, so it is never refused here.
   * @throws UnapprovableScriptError
   */
  private refuseUnapprovable(code: string, request: RequestContext, taskAugmented: boolean, startedAt: number): void {
    const doors = this.doors.doorsFor(request, taskAugmented);
    const commands = unapprovableCommands(code, doors, needsApprovalFor(this.registry, request.client.filters));
    if (commands.length === 0) return;
    this.monitor.report('unapprovable', startedAt);
    throw new UnapprovableScriptError(commands);
  }

  private discoveryFor(request: RequestContext): ScriptDiscovery {
    return new ScriptDiscovery(this.searchService, request.client.filters);
  }
}
