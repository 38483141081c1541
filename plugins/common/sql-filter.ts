/**
 * Builds a parameterised WHERE clause from optional filters: a condition is added only when its value
 * is given (not undefined or null), so absent arguments do not filter.
 */
export class SqlFilter {
  private readonly conditions: string[] = [];
  readonly params: unknown[] = [];

  /** Adds `condition` (with one `?` per value) when `value` is present. */
  when(value: unknown, condition: string, ...params: unknown[]): this {
    if (value !== undefined && value !== null) this.add(condition, ...(params.length > 0 ? params : [value]));
    return this;
  }

  /** Adds `condition` unconditionally. */
  add(condition: string, ...params: unknown[]): this {
    this.conditions.push(condition);
    this.params.push(...params);
    return this;
  }

  /** `WHERE a AND b`, or an empty string. */
  toSql(): string {
    return this.conditions.length > 0 ? `WHERE ${this.conditions.join(' AND ')}` : '';
  }
}

/** A LIKE pattern matching `text` anywhere, with `%`, `_` and `\` escaped (use with `ESCAPE '\\'`). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
