import { randomUUID } from 'node:crypto';
import type { FilterNarrowing } from '@myko/filter';
import type { SandboxRunResult } from '@myko/sandbox';
import { EXECUTION_STORE, type ExecutionListQuery, type ExecutionStore, MemoryExecutionStore } from '@myko/state';
import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { DISPATCH_OPTIONS } from '../../dispatch.constants';
import type { ExecuteGuardOptions } from '../../interfaces/execute-guard-options.interface';
import type { RequestContext } from '../../interfaces/request-context.interface';
import { principalOf } from '../../protocol/fairness/work-identity';
import { asOfNow, keptFor, storeQueryOf } from './execution.expiry';
import { ExecutionJournal, type JournalResume } from './execution.journal';
import { type ExecutionListing, executionSummary, tenantOf } from './execution.summary';
import {
  DEFAULT_EXECUTION_LIMITS,
  type ExecutionLimits,
  type ExecutionOwner,
  type ExecutionRecord,
  type ExecutionState,
  MAX_NARROWING_CHARS,
} from './execution-record';

/** How long the end of a run waits for its calls still in flight before it writes the journal without them. */
const SETTLE_WAIT_MS = 5_000;

/** The execute options the ledger reads (`journaling` is the journal benchmark's, see `DispatchOptions`). */
type LedgerOptions = Partial<ExecuteGuardOptions> & { readonly journaling?: boolean };

/** A run's outcome as written: `kept` false when the state store could not take it. */
export interface FinishedExecution {
  readonly record: ExecutionRecord;
  readonly kept: boolean;
}

/** One run of an execution: its record as it stood when the run began, and the run's journal. */
export interface ExecutionRun {
  readonly record: ExecutionRecord;
  readonly journal: ExecutionJournal;
}

/**
 * The executions of `execute` in the state store: a new one per run, resumed ones from their record. A run's
 * journal is kept in memory while it runs and written once, at its end or at its pause (and only when it called
 * an operation: a script that called none has nothing to resume or audit).
 */
@Injectable()
export class ExecutionLedger {
  private readonly store: ExecutionStore;
  private readonly logger = new Logger('Executions');

  readonly limits: ExecutionLimits;
  /** False only in the journal benchmark's baseline (`execute.journaling`): runs record nothing. */
  readonly journaling: boolean;

  constructor(
    @Optional() @Inject(EXECUTION_STORE) store?: ExecutionStore | null,
    @Optional() @Inject(DISPATCH_OPTIONS) options?: { execute?: LedgerOptions } | null,
  ) {
    this.store = store ?? new MemoryExecutionStore();
    this.limits = limitsOf(options?.execute);
    this.journaling = options?.execute?.journaling !== false;
  }

  /**
   * A new execution of `script` for this request; `stop` ends the script (a pause, a divergence). `id` is given
   * when the execution is a task's (the task and its execution share it).
   */
  start(request: RequestContext, script: ExecutionRecord['script'], stop: () => void, id?: string): ExecutionRun {
    const now = Date.now();
    const narrowing = keptNarrowing(request.client.narrowing);
    const record: ExecutionRecord = {
      id: id ?? `ex_${randomUUID()}`,
      state: 'running',
      createdAt: now,
      updatedAt: now,
      expiresAt: now + this.limits.retentionMs,
      owner: ownerOf(request),
      ...(narrowing.kept ? { narrowing: narrowing.kept } : {}),
      script,
      calls: [],
      truncated: false,
      pauses: 0,
    };
    const journal = new ExecutionJournal(record.id, this.limits, stop);
    if (narrowing.tooLarge) journal.refuseResume();
    return { record, journal };
  }

  /** The paused execution again, its journal answering the calls already made and `approvedBy` the one it waited on. */
  resume(record: ExecutionRecord, approvedBy: string, stop: () => void): ExecutionRun {
    const { waitingFor } = record;
    const resume: JournalResume = {
      calls: record.calls,
      ...(waitingFor ? { approved: { waitingFor, by: approvedBy } } : {}),
    };
    return { record, journal: new ExecutionJournal(record.id, this.limits, stop, resume) };
  }

  /** Writes the run's outcome (its journal, its state, what it waits for) once the run ended; returns the record. */
  async finish({ record, journal }: ExecutionRun, run: SandboxRunResult): Promise<FinishedExecution> {
    await journal.settledWithin(SETTLE_WAIT_MS);
    const waitingFor = journal.waitingFor;
    const finished: ExecutionRecord = {
      ...record,
      state: stateOf(journal, run),
      updatedAt: Date.now(),
      calls: [...journal.entries],
      truncated: journal.truncated,
      pauses: record.pauses + (waitingFor ? 1 : 0),
    };
    if (waitingFor) finished.waitingFor = waitingFor;
    else delete finished.waitingFor;
    if (journal.divergedAt) finished.divergedAt = journal.divergedAt;
    if (!run.ok && finished.state === 'failed') finished.error = run.error.message;
    if (finished.calls.length === 0 && !waitingFor && record.pauses === 0) return { record: finished, kept: true };
    try {
      await this.save(finished);
      return { record: finished, kept: true };
    } catch (error) {
      // The run's answer stands without its journal; only a pause depends on it (it cannot be resumed).
      this.logger.warn(`execution ${finished.id} (${finished.state}) was not kept: ${String(error)}`);
      return { record: finished, kept: false };
    }
  }

  /** Writes a record for the rest of its retention (a paused one expires then, and is kept a while as `expired`). */
  async save(record: ExecutionRecord): Promise<void> {
    const ttl = keptFor(record, this.limits.retentionMs);
    if (ttl <= 0) return;
    const index = { principal: tenantOf(record.owner), state: record.state, updatedAt: record.updatedAt };
    await this.store.save(record.id, JSON.stringify(record), ttl, index);
  }

  /**
   * The executions kept now, newest first, as summaries (see `parseExecutionQuery` for the query).
   * @throws InvalidExecutionCursorError for a cursor no listing gave
   */
  async list(query: ExecutionListQuery): Promise<ExecutionListing> {
    const asked = storeQueryOf(query);
    const page = await this.store.list(asked.query);
    const records = page.records.map((json) => asOfNow(JSON.parse(json) as ExecutionRecord)).filter(asked.keeps);
    const executions = records.map(executionSummary);
    return page.next === undefined ? { executions } : { executions, next: page.next };
  }

  /** The record as of now: a pause past its `expiresAt` reads `expired`. */
  async load(id: string): Promise<ExecutionRecord | undefined> {
    const json = await this.store.load(id);
    return json === undefined ? undefined : asOfNow(JSON.parse(json) as ExecutionRecord);
  }

  /** Keeps the record at least one retention period from now (a rollback of an expired pause). */
  keepFromNow(record: ExecutionRecord): void {
    record.expiresAt = Math.max(record.expiresAt, Date.now() + this.limits.retentionMs);
  }

  /** The one right to take step `step` of an execution (a rollback attempt), on any instance. */
  claimStep(id: string, step: string, ttlMs: number): Promise<boolean> {
    return this.store.claim(id, step, ttlMs);
  }

  /** The one right to decide the record's current pause, on any instance. */
  claim(record: ExecutionRecord): Promise<boolean> {
    return this.store.claim(record.id, `pause-${record.pauses}`, Math.max(1, record.expiresAt - Date.now()));
  }
}

function stateOf(journal: ExecutionJournal, run: SandboxRunResult): ExecutionState {
  if (journal.waitingFor) return 'paused';
  if (journal.divergedAt) return 'diverged';
  return run.ok ? 'completed' : 'failed';
}

function ownerOf(request: RequestContext): ExecutionOwner {
  const { client, session } = request;
  return {
    tenant: principalOf(client),
    sessionId: client.sessionId,
    ...(client.principal === undefined ? {} : { principal: client.principal }),
    ...(client.identity === undefined ? {} : { identity: client.identity }),
    ...(client.subject === undefined ? {} : { subject: client.subject }),
    ...(client.clientId === undefined ? {} : { clientId: client.clientId }),
    ...(client.conversationId === undefined ? {} : { conversationId: client.conversationId }),
    ...(session.clientInfo?.name === undefined ? {} : { clientName: session.clientInfo.name }),
  };
}

/** The request's narrowing to keep; one over the cap is not kept, and the run cannot pause (`refuseResume`). */
function keptNarrowing(narrowing: FilterNarrowing | undefined): { kept?: FilterNarrowing; tooLarge: boolean } {
  if (narrowing === undefined) return { tooLarge: false };
  const chars = Object.values(narrowing).reduce((sum, text) => sum + (text?.length ?? 0), 0);
  return chars > MAX_NARROWING_CHARS ? { tooLarge: true } : { kept: narrowing, tooLarge: false };
}

/** The execute options' retention and journal caps, else the defaults. */
function limitsOf(execute: Partial<ExecuteGuardOptions> | undefined): ExecutionLimits {
  return {
    retentionMs: execute?.executionRetentionMs ?? DEFAULT_EXECUTION_LIMITS.retentionMs,
    maxEntries: execute?.journalMaxEntries ?? DEFAULT_EXECUTION_LIMITS.maxEntries,
    maxBytes: execute?.journalMaxBytes ?? DEFAULT_EXECUTION_LIMITS.maxBytes,
  };
}
