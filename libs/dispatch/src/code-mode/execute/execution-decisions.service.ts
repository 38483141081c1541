import { type ClientFilters, filtersFromNarrowing } from '@myko/filter';
import { Injectable, type OnApplicationShutdown, Optional } from '@nestjs/common';
import type { CallToolResult } from '../../features/tools/tool-definition.interface';
import { toolError } from '../../features/tools/tool-result';
import { ExecutionDecisionError } from '../executions/execution.errors';
import { ExecutionLedger } from '../executions/execution.ledger';
import { type ExecutionQueryInput, parseExecutionQuery } from '../executions/execution.query';
import type { ExecutionListing } from '../executions/execution.summary';
import type { ExecutionOwner, ExecutionRecord } from '../executions/execution-record';
import { resumeRequest } from '../executions/execution-resume.request';
import { ExecutionTaskStore } from '../tasks/execution-task.store';
import { ExecuteTool } from './execute.tool';

/** What an approval answers: the execution after its resumed run, and that run's result. */
export interface ApprovedExecution {
  readonly execution: ExecutionRecord;
  readonly result: CallToolResult;
}

/** The filters of a resumed execution's owner (their profile's); the starting request's narrowing is added to them. */
export type OwnerFilters = (owner: ExecutionOwner) => ClientFilters;

/**
 * An operator's decisions on paused executions, on any instance (the records are in the state store, and each
 * pause is decided once, `ExecutionLedger.claim`): approve resumes the run here, reject ends it.
 */
@Injectable()
export class ExecutionDecisions implements OnApplicationShutdown {
  /** Ends resumed runs still going when the instance stops. */
  private readonly stopping = new AbortController();

  constructor(
    private readonly ledger: ExecutionLedger,
    private readonly execute: ExecuteTool,
    @Optional() private readonly tasks?: ExecutionTaskStore,
  ) {}

  /** The execution's record, or undefined when unknown or expired. */
  find(id: string): Promise<ExecutionRecord | undefined> {
    return this.ledger.load(id);
  }

  /**
   * The executions kept now, every principal's, newest first and filtered as asked (an operator's listing).
   * @throws ExecutionQueryError for a bad filter
   */
  list(input: ExecutionQueryInput): Promise<ExecutionListing> {
    return this.ledger.list(parseExecutionQuery(input));
  }

  /**
   * Approves the call a paused execution waits on, as `by`, and resumes it: the script runs again, its journal
   * answering the calls already made, then the approved call runs and the script goes on (it may pause again).
   * @throws ExecutionDecisionError unknown (404), not paused, already decided or not resumable (409)
   */
  async approve(id: string, by: string, filtersOf: OwnerFilters): Promise<ApprovedExecution> {
    const record = await this.decidable(id);
    if (record.truncated) {
      throw new ExecutionDecisionError(
        `Execution ${id}'s journal was truncated (over its size cap): it cannot be resumed.`,
        409,
      );
    }
    await this.claim(record);
    record.decision = { verdict: 'approved', by, at: Date.now() };
    // The access the starting request had: its owner's profile AND what that request's own headers narrowed.
    const filters = filtersOf(record.owner).and(filtersFromNarrowing(record.narrowing ?? {}));
    const request = resumeRequest(record, filters, this.stopping.signal);
    const result = await this.execute.resume(record, by, request);
    // A task's execution: the task goes on from the resumed run (done, or paused again).
    await this.tasks?.settle(id, result);
    return { execution: (await this.ledger.load(id)) ?? record, result };
  }

  /**
   * Rejects a paused execution, as `by`: it ends there, the call it waited on never runs.
   * @throws ExecutionDecisionError unknown (404), not paused or already decided (409)
   */
  async reject(id: string, by: string): Promise<ExecutionRecord> {
    const record = await this.decidable(id);
    await this.claim(record);
    const rejected: ExecutionRecord = {
      ...record,
      state: 'rejected',
      updatedAt: Date.now(),
      decision: { verdict: 'rejected', by, at: Date.now() },
    };
    await this.ledger.save(rejected);
    await this.tasks?.settle(id, rejectedResult(rejected));
    return rejected;
  }

  onApplicationShutdown(): void {
    this.stopping.abort();
  }

  private async decidable(id: string): Promise<ExecutionRecord> {
    const record = await this.ledger.load(id);
    if (!record) throw new ExecutionDecisionError(`No execution ${id} (unknown, or expired).`, 404);
    if (record.state === 'expired') {
      const at = new Date(record.expiresAt).toISOString();
      throw new ExecutionDecisionError(
        `Execution ${id} expired at ${at}: nobody decided its pause in time, so it can no longer be approved or rejected; the call it waited on and everything after it never ran.`,
        409,
      );
    }
    if (record.state !== 'paused') {
      throw new ExecutionDecisionError(
        `Execution ${id} is ${record.state}, not paused: there is nothing to decide.`,
        409,
      );
    }
    return record;
  }

  private async claim(record: ExecutionRecord): Promise<void> {
    if (!(await this.ledger.claim(record))) {
      throw new ExecutionDecisionError(`Execution ${record.id}'s pause was already decided.`, 409);
    }
  }
}

/** What a task whose execution was rejected answers: it ended there, the call it waited on never ran. */
function rejectedResult(record: ExecutionRecord): CallToolResult {
  const waited = record.waitingFor ? ` before ${record.waitingFor.operation}` : '';
  return {
    ...toolError(
      `Execution ${record.id} was rejected by ${record.decision?.by}${waited}: that call and everything after it did not run.`,
    ),
    _meta: { execution: { id: record.id, state: record.state } },
  };
}
