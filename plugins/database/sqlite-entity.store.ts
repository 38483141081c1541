import { ConflictError, type EntityPage, type EntityStore } from '@myko/registry';
import type { SqlFilter } from '../common/sql-filter';
import type { DatabaseService } from './database.service';

/** How an entity maps onto one SQLite table. */
export interface SqliteEntityTable<E, Q> {
  /** The entity's name, in messages. */
  readonly entity: string;
  /** `customers c`: the table and the alias `columns` and `filter` use. */
  readonly from: string;
  /** The select list, aliased to the entity's field names (`c.created_at AS createdAt`). */
  readonly columns: string;
  /** The id column with its alias, e.g. `c.id`. */
  readonly id: string;
  /** The WHERE conditions of a query. */
  filter(query: Q): SqlFilter;
  /** Columns of the settable fields, e.g. `{ city: 'city' }` (no alias: UPDATE takes none). */
  readonly settable?: Readonly<Record<string, string>>;
  /** Turns a row into the entity (e.g. 0/1 into booleans). @default the row as is */
  toEntity?(row: Record<string, unknown>): E;
}

const FOREIGN_KEY = 'SQLITE_CONSTRAINT_FOREIGNKEY';

/**
 * An `EntityStore` over one SQLite table of the example domain: parameterised SQL only, deletes
 * and batch deletes in one transaction, a record others refer to refused with `ConflictError`.
 */
export class SqliteEntityStore<E extends object, Id extends number | string, Q extends object>
  implements EntityStore<E, Id, Q>
{
  private readonly table: string;
  /** The id column without its alias (`id`): what UPDATE and DELETE name, and the rows' id field. */
  private readonly idColumn: string;

  constructor(
    private readonly database: DatabaseService,
    private readonly map: SqliteEntityTable<E, Q>,
  ) {
    this.table = map.from.split(/\s+/)[0];
    this.idColumn = map.id.split('.').pop() as string;
  }

  getAll(page: EntityPage): E[] {
    return this.select(`ORDER BY ${this.map.id} LIMIT ? OFFSET ?`, [page.limit, page.offset]);
  }

  getByIds(ids: readonly Id[]): E[] {
    const rows = this.select(`WHERE ${this.map.id} IN (SELECT value FROM json_each(?))`, [JSON.stringify(ids)]);
    const byId = new Map(rows.map((row) => [(row as Record<string, unknown>)[this.idColumn], row]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  getByQuery(query: Q, page: EntityPage): E[] {
    const filter = this.map.filter(query);
    return this.select(`${filter.toSql()} ORDER BY ${this.map.id} LIMIT ? OFFSET ?`, [
      ...filter.params,
      page.limit,
      page.offset,
    ]);
  }

  getById(id: Id): E | undefined {
    return this.select(`WHERE ${this.map.id} = ?`, [id])[0];
  }

  countAll(): number {
    return this.countWhere('', []);
  }

  count(query: Q): number {
    const filter = this.map.filter(query);
    return this.countWhere(filter.toSql(), filter.params);
  }

  delete(id: Id): boolean {
    return this.deleteMany([id]) === 1;
  }

  deleteMany(ids: readonly Id[]): number {
    try {
      return this.database.transaction(
        () =>
          this.database.db
            .prepare(`DELETE FROM ${this.table} WHERE ${this.idColumn} IN (SELECT value FROM json_each(?))`)
            .run(JSON.stringify(ids)).changes,
      );
    } catch (error) {
      if ((error as { code?: string }).code !== FOREIGN_KEY) throw error;
      throw new ConflictError(`${this.map.entity} still referenced by other records (e.g. orders): nothing deleted`);
    }
  }

  set(id: Id, field: string, value: unknown): E | undefined {
    const column = this.map.settable?.[field];
    if (!column) throw new ConflictError(`${this.map.entity}.${field} cannot be set`);
    this.database.db.prepare(`UPDATE ${this.table} SET ${column} = ? WHERE ${this.idColumn} = ?`).run(value, id);
    return this.getById(id);
  }

  private select(tail: string, params: unknown[]): E[] {
    const rows = this.database.db
      .prepare(`SELECT ${this.map.columns} FROM ${this.map.from} ${tail}`)
      .all(...params) as Record<string, unknown>[];
    return rows.map((row) => (this.map.toEntity ? this.map.toEntity(row) : (row as E)));
  }

  private countWhere(where: string, params: unknown[]): number {
    const row = this.database.db.prepare(`SELECT COUNT(*) AS n FROM ${this.map.from} ${where}`).get(...params) as {
      n: number;
    };
    return row.n;
  }
}
