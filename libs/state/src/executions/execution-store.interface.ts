/**
 * Where durable `execute` runs keep their records (journal, state, what a paused run waits for): in this
 * process, or in Redis so that a run paused on one instance is resumed on any other.
 * @publicApi
 */
export interface ExecutionStore {
  /** True when shared by every instance (Redis), false for this process alone. */
  readonly shared: boolean;
  /** Writes the record of execution `id` (JSON), replacing any earlier one; it is forgotten after `ttlMs`. */
  save(id: string, record: string, ttlMs: number): Promise<void>;
  /** The record of execution `id`, or undefined when there is none (never saved, or expired). */
  load(id: string): Promise<string | undefined>;
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
