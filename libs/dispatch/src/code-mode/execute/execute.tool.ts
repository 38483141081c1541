import { setMaxListeners } from 'node:events';
import { OperationInvoker, OperationRegistry } from '@myko/registry';
import { MAX_PARALLEL_BRIDGE_CALLS, SandboxService } from '@myko/sandbox';
import { SHARED_ABUSE_BACKOFF, type SharedAbuseBackoff } from '@myko/state';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown, Optional } from '@nestjs/common';
import { DISPATCH_OPTIONS } from '../../dispatch.constants';
import { CommandApprovalGate } from '../../features/operations/approval/command-approval.gate';
import { McpContextFactory } from '../../features/operations/mcp-context.factory';
import type { CallToolResult } from '../../features/tools/tool-definition.interface';
import type { ClientContext } from '../../interfaces/client-context.interface';
import type { ResolvedDispatchOptions } from '../../interfaces/dispatch-options.interface';
import type { RequestContext } from '../../interfaces/request-context.interface';
import type { ExecutionJournal } from '../executions/execution.journal';
import { ExecutionLedger } from '../executions/execution.ledger';
import { executionAnswer } from '../executions/execution.result';
import type { ExecutionRecord } from '../executions/execution-record';
import { OperationSearchService } from '../search/operation-search.service';
import { parseExecuteArguments } from '../tool-arguments';
import { ScriptTypeChecker, type TypeCheckMode, type TypeCheckOutcome } from '../type-check/script-type-checker';
import { typeCheckRefusal, typeCheckUnjudged, withTypeWarnings } from '../type-check/type-check.result';
import { ApprovalDoors } from './approval-doors';
import { BridgeCallFairness } from './bridge-call.fairness';
import { CommandJournal } from './command-journal';
import { CommandPlan, MAX_PLAN_BYTES } from './command-plan';
import { CommandReplay } from './command-replay';
import { ExecuteMonitor } from './execute.monitor';
import {
  clientIdOf,
  type ExecutionScript,
  type RunOptions,
  reuseKeyOf,
  SANDBOX_FULL_LIMIT,
  sandboxFull,
  typeCheckBusy,
  typeCheckLimits,
  untilEnded,
} from './execute.parts';
import { abusePartyOf, ExecuteAbuseBackoff } from './execute-abuse.backoff';
import { type AbuseParty, ExecuteAbuseGuard } from './execute-abuse.guard';
import { ExecuteActivity } from './execute-activity';
import { executeCooldownRefusal, pauseBeforeRefusal, REFUSAL_PAUSE_MS } from './execute-cooldown.refusal';
import { cooldownRefusalEvent, limitRefusalEvent } from './execute-guard.event';
import { ExecuteLimitError, type ExecuteLimitRefusal } from './execute-limit.error';
import { type ExecuteQuotaOptions, ExecuteQuotas } from './execute-quotas';
import { formatExecuteResult } from './execute-result.formatter';
import { HostBridge, type ScriptCommands } from './host.bridge';
import { byProfile } from './profile-setting';
import { RESIDENT_RETRY_MS, ResidentQuota } from './resident-quota';
import { ScriptDiscovery } from './script-discovery';
import { oversizeScript } from './script-size.limit';
import { SharedExecuteAbuseGuard } from './shared-execute-abuse.guard';
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
  private readonly typeCheck: TypeCheckMode;
  private readonly profileTypeChecks: Readonly<Record<string, TypeCheckMode>>;
  /** The client's profile's type check, else the server's. */
  private readonly typeCheckOf: (client: ClientContext) => TypeCheckMode;
  private readonly typeChecker: ScriptTypeChecker;
  private readonly maxScriptBytes: number;
  private readonly resultBudget: (client: ClientContext) => number;
  private readonly executions: ExecutionLedger;
  private readonly doors: ApprovalDoors;

  constructor(
    private readonly sandbox: SandboxService,
    private readonly registry: OperationRegistry,
    private readonly invoker: OperationInvoker,
    private readonly searchService: OperationSearchService,
    @Inject(DISPATCH_OPTIONS) options: Pick<ResolvedDispatchOptions, 'execute'> & ExecuteQuotaOptions,
    private readonly contexts: McpContextFactory,
    private readonly monitor: ExecuteMonitor,
    private readonly fairness: BridgeCallFairness,
    @Optional() @Inject(SHARED_ABUSE_BACKOFF) sharedAbuse?: SharedAbuseBackoff | null,
    @Optional() executions?: ExecutionLedger,
    @Optional() private readonly activity?: ExecuteActivity,
    @Optional() doors?: ApprovalDoors,
  ) {
    this.executions = executions ?? new ExecutionLedger();
    this.doors = doors ?? new ApprovalDoors();
    const { maxRunsPerSession: perSession, maxRunsPerKey: perKey, maxRunsPerAddress: perAddress } = options.execute;
    this.quota = new ResidentQuota({ perSession, perKey, perAddress });
    this.quotas = new ExecuteQuotas(options.profileQuotas ?? {});
    const { abuseBackoff, typeCheck, profileTypeChecks, maxScriptBytes } = options.execute;
    this.maxScriptBytes = maxScriptBytes;
    this.resultBudget = byProfile(options.execute.resultBudgetBytes, options.execute.profileResultBudgets);
    this.typeCheck = typeCheck;
    this.profileTypeChecks = profileTypeChecks;
    this.typeCheckOf = byProfile(typeCheck, profileTypeChecks);
    this.typeChecker = new ScriptTypeChecker(registry, typeCheckLimits(options.execute));
    // On Redis the strikes are every instance's: a client cannot spread its scripts over the replicas.
    if (abuseBackoff) {
      const guard = sharedAbuse
        ? new SharedExecuteAbuseGuard(sharedAbuse, abuseBackoff)
        : new ExecuteAbuseGuard(abuseBackoff);
      const abuse = new ExecuteAbuseBackoff(guard, monitor);
      this.abuse = abuse;
      activity?.readCooldownsWith((party) => abuse.cooldown(party));
    }
  }

  /** Whether scripts are type-checked before they run (then they may be TypeScript). */
  get checksTypes(): boolean {
    return this.typeCheck !== 'off';
  }

  async onApplicationBootstrap(): Promise<void> {
    const modes = [this.typeCheck, ...Object.values(this.profileTypeChecks)];
    if (modes.some((mode) => mode !== 'off')) await this.typeChecker.warm();
  }

  /**
   * After the drain (`beforeApplicationShutdown`), not at module destroy, which Nest runs first: an execute still
   * in flight waits for its type check, and under strict a check its worker never gives is a refusal.
   */
  onApplicationShutdown(): Promise<void> {
    return this.typeChecker.close();
  }

  /** Runs `args.code`; `executionId` names the execution (a task's own id), else a new one is made. */
  async call(args: Record<string, unknown>, request: RequestContext, executionId?: string): Promise<CallToolResult> {
    const { code: source, timeoutMs, mode } = parseExecuteArguments(args);
    const startedAt = performance.now();
    const party = abusePartyOf(request.client);
    const client = party.principal;
    const cooldown = await this.abuse?.cooldown(party);
    if (cooldown) {
      await pauseBeforeRefusal(Math.min(REFUSAL_PAUSE_MS, cooldown.retryAfterMs), request.signal);
      const left = await this.abuse?.cooldown(party);
      if (left) {
        this.monitor.report('cooldown', startedAt);
        const profile = request.client.principal;
        this.monitor.reportGuard(() => cooldownRefusalEvent(party, left, profile));
        return executeCooldownRefusal(left);
      }
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
    const checked = await this.typeChecker.check(
      source,
      this.typeCheckOf(request.client),
      request.client.filters,
      discovery,
      mode === 'plan',
      client,
      request.signal,
      party.conversation,
    );
    // A check out of its time (or heap) is the sender's, whatever the mode: it held a worker for the whole limit.
    if (checked.unjudged === 'timeout' || checked.unjudged === 'crash')
      await this.abuse?.strike(party, 'type-check-timeout');
    if (checked.refused) {
      if (checked.probing) await this.abuse?.strike(party, 'probing');
      return this.refuseUnchecked(checked, startedAt);
    }
    const { code } = checked;
    if (mode !== 'plan') this.refuseUnapprovable(code, request, executionId !== undefined, startedAt);
    // A stateless request is a session of its own: its caller's caps (key, else address) bound it.
    const quota = this.quotas.runsQuota(request.client);
    const release = this.quota.take(request.client.sessionId, clientIdOf(request.client), quota);
    if (typeof release !== 'function') {
      this.monitor.report('limit', startedAt);
      throw this.refusedByLimit(party, request.client, release);
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
      const elicit = this.contexts.create(request).elicit;
      // Off only in the journal benchmark's baseline: no call is recorded, so the run's end writes nothing.
      const hold = this.executions.journaling ? execution.journal : undefined;
      const commands = this.commandsFor(request, mode, ended.signal, hold);
      const bridge = new HostBridge(
        this.registry,
        this.invoker,
        request,
        journal,
        options.discovery ?? this.discoveryFor(request),
        replay,
        elicit,
        this.fairness,
        commands,
      );
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

  /** A resident cap's or a quota's refusal, reported as a guard event. */
  private refusedByLimit(party: AbuseParty, client: ClientContext, refusal: ExecuteLimitRefusal): ExecuteLimitError {
    this.monitor.reportGuard(() => limitRefusalEvent(party, refusal, client.principal));
    return new ExecuteLimitError(refusal);
  }

  private discoveryFor(request: RequestContext): ScriptDiscovery {
    return new ScriptDiscovery(this.searchService, request.client.filters);
  }

  /**
   * Strict's refusal: the script's type errors; one that could not be judged, the reason (a retryable limit error
   * when no worker could take it). Never a sandbox strike: nothing ran.
   */
  private refuseUnchecked(checked: TypeCheckOutcome & { refused: true }, startedAt: number): CallToolResult {
    const { diagnostics, unjudged } = checked;
    this.monitor.report(diagnostics.length === 0 && unjudged === 'busy' ? 'limit' : 'syntax', startedAt);
    if (diagnostics.length > 0 || !unjudged) return typeCheckRefusal(diagnostics);
    if (unjudged === 'busy') throw typeCheckBusy(this.typeChecker.retryAfterMs);
    return typeCheckUnjudged(unjudged);
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
    return { approvals, execution };
  }
}
