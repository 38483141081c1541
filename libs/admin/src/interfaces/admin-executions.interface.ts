/**
 * The durable executions an operator decides on (issue 42's operator door), as the admin API sees them: the
 * embedding module binds it to Code Mode's execution decisions. Each answer is the JSON body sent; an unknown
 * execution or a decision it no longer waits for throws `AdminRequestError` (404 / 409).
 */
/** The filters of an executions listing as the query string gave them (checked by the binding: a bad one is a 400). */
export interface AdminExecutionQuery {
  readonly state?: unknown;
  readonly principal?: unknown;
  readonly limit?: unknown;
  readonly cursor?: unknown;
}

/** How `POST executions/<id>/rollback` treats committed commands without a compensation. */
export interface AdminRollbackOptions {
  /** Leave them as they are instead of refusing the rollback (`?skipUncompensated=true`). */
  readonly skipUncompensated?: boolean;
}

export interface AdminExecutions {
  /**
   * Every principal's executions kept now, newest first, filtered by `state` and `principal`, a page of `limit`
   * (default 50, at most 200) from `cursor`: `{ executions: [summary…], next? }`, no scripts nor results.
   */
  list(query: AdminExecutionQuery): Promise<object>;
  /** The execution's record without its script and recorded results: `{ execution }`. */
  read(id: string): Promise<object>;
  /** Approves the call a paused execution waits on and resumes it here: `{ execution, result }`. */
  approve(id: string, operator: string): Promise<object>;
  /** Ends a paused execution: `{ execution }`. */
  reject(id: string, operator: string): Promise<object>;
  /**
   * Runs the compensations of a rejected, failed or diverged execution's committed commands, the latest first:
   * `{ execution }` with `state` `rolled_back` or `rollback_failed` and its `rollback` (compensated, skipped,
   * failed). A rolled-back one answers as it is, running nothing.
   */
  rollback(id: string, operator: string, options: AdminRollbackOptions): Promise<object>;
}
