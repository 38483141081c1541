import type { AccessProfiles } from '@myko/access';
import {
  type AdminExecutionQuery,
  type AdminExecutions,
  AdminRequestError,
  type AdminRollbackOptions,
} from '@myko/admin';
import {
  ExecutionDecisionError,
  type ExecutionDecisions,
  ExecutionQueryError,
  type ExecutionRecord,
  type ExecutionRollbacks,
  type OwnerFilters,
} from '@myko/dispatch';
import { ClientFilters } from '@myko/filter';

/**
 * The admin API's executions routes bound to Code Mode's execution decisions: a resumed run runs as its owner,
 * under their profile's filters (an unknown profile throws, refusing the resume); an operator reads the record
 * without its script and recorded results (the digests stay).
 */
export class AdminExecutionsAdapter implements AdminExecutions {
  private readonly filtersOf: OwnerFilters;

  constructor(
    private readonly decisions: ExecutionDecisions,
    profiles?: AccessProfiles,
    private readonly rollbacks?: ExecutionRollbacks,
  ) {
    this.filtersOf = (owner) => (profiles ? profiles.filtersFor(owner.principal) : ClientFilters.ALLOW_ALL);
  }

  list(query: AdminExecutionQuery): Promise<object> {
    return decided(() => this.decisions.list(query));
  }

  read(id: string): Promise<object> {
    return decided(async () => {
      const record = await this.decisions.find(id);
      if (!record) throw new AdminRequestError(404, `No execution ${id} (unknown, or expired).`);
      return { execution: summary(record) };
    });
  }

  approve(id: string, operator: string): Promise<object> {
    return decided(async () => {
      const { execution, result } = await this.decisions.approve(id, operator, this.filtersOf);
      return { execution: summary(execution), result };
    });
  }

  reject(id: string, operator: string): Promise<object> {
    return decided(async () => ({ execution: summary(await this.decisions.reject(id, operator)) }));
  }

  rollback(id: string, operator: string, options: AdminRollbackOptions): Promise<object> {
    return decided(async () => {
      if (!this.rollbacks) throw new AdminRequestError(404, 'This service rolls back no executions');
      return { execution: summary(await this.rollbacks.rollback(id, operator, options)) };
    });
  }
}

/** A decision the execution refuses (unknown, not paused, already decided) as the admin API's 404 / 409; a bad listing filter as its 400. */
async function decided(act: () => Promise<object>): Promise<object> {
  try {
    return await act();
  } catch (error) {
    if (error instanceof ExecutionDecisionError) throw new AdminRequestError(error.status, error.message);
    if (error instanceof ExecutionQueryError) throw new AdminRequestError(400, error.message);
    throw error;
  }
}

function summary(record: ExecutionRecord): Record<string, unknown> {
  const { script: _script, calls, ...rest } = record;
  return { ...rest, calls: calls.map(({ result: _result, ...call }) => call) };
}
