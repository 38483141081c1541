/** What a completion provider knows besides the partial value. */
export interface McpCompletionContext {
  /** Values the client already chose for the other arguments or template variables. */
  readonly arguments: Readonly<Record<string, string>>;
}

/**
 * Suggests values for one prompt argument or template variable, best first. Dispatch sends at
 * most 100 and reports the total and `hasMore`.
 */
export type McpCompleter = (
  value: string,
  context: McpCompletionContext,
) => readonly string[] | Promise<readonly string[]>;
