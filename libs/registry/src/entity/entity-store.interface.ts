/** A page request of a generated list operation. */
export interface EntityPage {
  /** 1-500. */
  readonly limit: number;
  readonly offset: number;
}

type Awaitable<T> = T | Promise<T>;

/**
 * What a plugin implements for an `@Entity()` so its operations can be generated: the storage of
 * one record type. Mark the implementing provider with `@EntityRepository(EntityClass)`. Methods
 * run inside the generated operations, so errors they throw (`NotFoundError`, `ConflictError`)
 * reach the client as an operation's would.
 * @publicApi
 */
export interface EntityStore<E extends object, Id extends string | number = number, Q extends object = object> {
  /** Every record in a stable order (by id), one page. */
  getAll(page: EntityPage): Awaitable<E[]>;
  /** The records with these ids, in the order given; unknown ids are skipped. */
  getByIds(ids: readonly Id[]): Awaitable<E[]>;
  /** The records matching every filter set in `query` (fields left out match all), one page. */
  getByQuery(query: Q, page: EntityPage): Awaitable<E[]>;
  /** One record, or undefined. */
  getById(id: Id): Awaitable<E | undefined>;
  countAll(): Awaitable<number>;
  count(query: Q): Awaitable<number>;
  /** Deletes one record; false when there was none. Throw `ConflictError` when others depend on it. */
  delete(id: Id): Awaitable<boolean>;
  /** Deletes the records with these ids (all or none); how many existed. */
  deleteMany(ids: readonly Id[]): Awaitable<number>;
  /** Sets one field (a `setters` field) and returns the updated record, or undefined when there is none. */
  set?(id: Id, field: string, value: unknown): Awaitable<E | undefined>;
}
