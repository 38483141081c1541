/**
 * What an execution is listed by, written beside its record: whose it is (the owner principal), where it is
 * (its state) and when it last changed (the order of a listing, newest first).
 * @publicApi
 */
export interface ExecutionIndexEntry {
  readonly principal: string;
  readonly state: string;
  /** Epoch ms. */
  readonly updatedAt: number;
}

/** Which executions to list: of one principal and/or in one state, `limit` at a time, from `cursor` on. */
export interface ExecutionListQuery {
  readonly principal?: string;
  readonly state?: string;
  /** 1…`EXECUTION_LIST_MAX_LIMIT`. */
  readonly limit: number;
  /** Where the previous page ended (its `next`). */
  readonly cursor?: string;
}

/** A page of a listing: the records (JSON), newest first, and the cursor of the next page when there is one. */
export interface ExecutionPage {
  readonly records: readonly string[];
  readonly next?: string;
}

/**
 * Where durable `execute` runs keep their records (journal, state, what a paused run waits for): in this
 * process, or in Redis so that a run paused on one instance is resumed on any other.
 * @publicApi
 */
export interface ExecutionStore {
  /** True when shared by every instance (Redis), false for this process alone. */
  readonly shared: boolean;
  /**
   * Writes the record of execution `id` (JSON), replacing any earlier one, listed by `index` (without one it is
   * kept but never listed: a task beside its execution); it is forgotten (and drops out of listings) after `ttlMs`.
   */
  save(id: string, record: string, ttlMs: number, index?: ExecutionIndexEntry): Promise<void>;
  /** The record of execution `id`, or undefined when there is none (never saved, or expired). */
  load(id: string): Promise<string | undefined>;
  /**
   * The records kept now, newest `updatedAt` first, filtered by the principal and the state they were last
   * saved with; a page costs about its size, however many executions are kept.
   * @throws InvalidExecutionCursorError when `cursor` is not one this store gave
   */
  list(query: ExecutionListQuery): Promise<ExecutionPage>;
  /**
   * Takes the one right to decide `step` (a pause) of execution `id`: true for the first caller only, on
   * any instance, so an approval sent twice (or to two replicas) resumes the run once.
   */
  claim(id: string, step: string, ttlMs: number): Promise<boolean>;
  /** Adds `id` to the set named `set` until `ttlMs` from now (the tasks of one principal, for `tasks/list`). */
  track(set: string, id: string, ttlMs: number): Promise<void>;
  /** The ids of set `set` whose time has not run out, oldest added first. */
  tracked(set: string): Promise<string[]>;
}
