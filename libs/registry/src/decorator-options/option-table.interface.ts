/**
 * Checks one decorator option's value (never `undefined`: an absent option is the table's business)
 * and answers its problems, each naming `path` (`keywords`, `resource.uri`, `arguments[0].name`).
 */
export type OptionRule = (value: unknown, path: string) => readonly string[];

/** One row of an option table: how the option is checked and whether it must be given. */
export interface OptionRow {
  readonly rule: OptionRule;
  readonly required?: boolean;
}

/** A row for a key that must be given. */
export interface RequiredOptionRow extends OptionRow {
  readonly required: true;
}

/** A row for a key that may be left out. */
export interface OptionalOptionRow extends OptionRow {
  readonly required?: false;
}

/**
 * The known keys of a decorator's options, one row each. Typed against the options interface `T`, so
 * the table and the interface cannot drift apart: a key of `T` without a row, a row without a key,
 * or a required key with an optional row (and the reverse) fails to compile.
 */
export type OptionTable<T> = {
  readonly [K in keyof T]-?: {} extends Pick<T, K> ? OptionalOptionRow : RequiredOptionRow;
};

/** Any option table, as the checker reads it. */
export type AnyOptionTable = Readonly<Record<string, OptionRow>>;

/** One decorator application whose options are wrong, as the decorator records it. */
export interface InvalidDecoratorOptions {
  /** `@Query`, `@McpTool`, `@Entity`. */
  readonly decorator: string;
  /** `path/to/file.ts:42`: where the decorator was applied, when the stack told it. */
  readonly location?: string;
  /** Every problem found, in the order of the options table. */
  readonly problems: readonly string[];
}
