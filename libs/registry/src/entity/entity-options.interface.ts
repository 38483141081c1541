import type { Type } from '@nestjs/common';

/** The operations generated for an entity, by the key options use to rename or switch them off. */
export type EntityOperationKey =
  | 'getAll'
  | 'getByIds'
  | 'getByQuery'
  | 'getById'
  | 'countAll'
  | 'count'
  | 'delete'
  | 'deleteMany';

/** Groups of generated operations that `@Entity({ groups })` can switch off. */
export interface EntityOperationGroups {
  /** `GetAll<E>s`, `Get<E>sByIds`, `Get<E>sByQuery`, `Get<E>ById`. @default true */
  reads?: boolean;
  /** `CountAll<E>s`, `Count<E>s`. @default true */
  counts?: boolean;
  /** `Delete<E>`, `Delete<E>s`. @default true */
  deletes?: boolean;
}

/**
 * Options of `@Entity()`: how one record type becomes a family of operations.
 * @publicApi
 */
export interface EntityOptions {
  /** The field that identifies a record (its type is read from the DTO: number or string). */
  idField: string;
  /** The entity's name in operation ids and in `reads`/`writes`. @default the class name */
  name?: string;
  /** Plural used in ids (`GetAllProducts`). @default name + "s" */
  plural?: string;
  /** What one record is, for generated descriptions, e.g. "a product of the catalogue". */
  description?: string;
  /**
   * class-validator DTO of the filters of `Get<E>sByQuery` and `Count<E>s` (all optional fields,
   * matched by the repository). Without it those two operations are not generated.
   */
  query?: Type<object>;
  /** Switch groups of operations off, e.g. `{ deletes: false }`. */
  groups?: EntityOperationGroups;
  /** Other ids for generated operations, e.g. `{ getAll: 'ListAllProducts' }`. */
  rename?: Partial<Record<EntityOperationKey, string>>;
  /**
   * Fields that get a `Set<E><Field>` command (`SetProductName { id, value }`), the value validated
   * by the field's own decorators. The repository must implement `set`.
   */
  setters?: readonly string[];
}

/** What `@Entity()` stores on the class, defaults applied. */
export interface EntityMetadata extends EntityOptions {
  readonly type: Type<object>;
  readonly name: string;
  readonly plural: string;
}
