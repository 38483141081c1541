import type { JsonSchema } from './operation-descriptor.interface';

/**
 * The arguments and result of a programmatic operation described by JSON Schema rather than by DTO
 * classes: what a generator has when its source is itself a schema (an OpenAPI connector). The registry
 * serves these schemas as they are (search, `myko://schema/…`, type checks) and validates with `validate`.
 * @publicApi
 */
export interface SchemaDescribedTypes {
  /** JSON Schema 2020-12 of the arguments object; its top-level properties are the arguments search lists. */
  readonly input: JsonSchema;
  /**
   * Validates raw arguments (already in canonical form, see `normalizers`) and returns what the handler
   * receives. Throws `InvalidArgumentsError` listing every bad field.
   */
  validate(raw: Record<string, unknown>): object | Promise<object>;
  /** The canonical form of string arguments, by name: applied before `validate`, and by access rules. */
  readonly normalizers?: ReadonlyMap<string, (value: string) => string>;
  /** Values omitted arguments take (the schema's `default`), so access rules read an omission as that value. */
  readonly defaults?: Readonly<Record<string, unknown>>;
  /** TypeScript name of the result, e.g. `Ticket`, `Ticket[]`, `string`, `void`. */
  readonly outputType: string;
  /** JSON Schema of the result (named types under `$defs`); absent for `void`. */
  readonly output?: JsonSchema;
}
