/** `{ "<tool name or glob>": { "<argument>": [<JSON values>] } }`: polarity comes from where it is used. */
export type CallableRulesInput = Readonly<Record<string, Readonly<Record<string, readonly unknown[]>>>>;

/** Glob patterns: a comma-separated string (`query_*, view_*`) or a list of patterns. */
export type PatternListInput = string | readonly string[];

/**
 * A filter as data, for {@link ClientFilters.from}: visibility globs and callability rules. Strings
 * are read as a header would be (comma-separated patterns, JSON text); omitted or empty parts do not
 * restrict.
 * @publicApi
 */
export interface FilterSpec {
  readonly visibility?: { readonly allow?: PatternListInput; readonly deny?: PatternListInput };
  readonly callable?: { readonly allow?: CallableRulesInput | string; readonly deny?: CallableRulesInput | string };
  /** Globs of operations a script may run only once the user approved the call (a profile's `approval`). */
  readonly approval?: PatternListInput;
}

/** Where each part of a {@link FilterSpec} came from, named in parse errors. */
export interface FilterSourceNames {
  readonly visibilityAllow: string;
  readonly visibilityDeny: string;
  readonly callableAllow: string;
  readonly callableDeny: string;
  /** Absent where approval rules cannot come from (headers, env): named `approval`. */
  readonly approval?: string;
}
