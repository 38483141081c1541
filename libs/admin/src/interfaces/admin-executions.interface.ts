/**
 * The durable executions an operator decides on (issue 42's operator door), as the admin API sees them: the
 * embedding module binds it to Code Mode's execution decisions. Each answer is the JSON body sent; an unknown
 * execution or a decision it no longer waits for throws `AdminRequestError` (404 / 409).
 */
export interface AdminExecutions {
  /** The execution's record without its script and recorded results: `{ execution }`. */
  read(id: string): Promise<object>;
  /** Approves the call a paused execution waits on and resumes it here: `{ execution, result }`. */
  approve(id: string, operator: string): Promise<object>;
  /** Ends a paused execution: `{ execution }`. */
  reject(id: string, operator: string): Promise<object>;
}
