/** Request headers a client narrows its own view with (HTTP per request, WebSocket per connection). */
export const FILTER_HEADERS = {
  visibilityAllow: 'X-Myko-Tool-Visibility-Allow',
  visibilityDeny: 'X-Myko-Tool-Visibility-Deny',
  callableAllow: 'X-Myko-Tool-Callable-Allow',
  callableDeny: 'X-Myko-Tool-Callable-Deny',
} as const;

/** Environment variables read once when the stdio server starts. */
export const FILTER_ENV_VARS = {
  visibilityAllow: 'MYKO_MCP_TOOL_VISIBILITY_ALLOW',
  visibilityDeny: 'MYKO_MCP_TOOL_VISIBILITY_DENY',
  callableAllow: 'MYKO_MCP_TOOL_CALLABLE_ALLOW',
  callableDeny: 'MYKO_MCP_TOOL_CALLABLE_DENY',
} as const;

/** The entry-point tools of Code Mode: an allow list never hides them, only an explicit deny does. */
export const META_TOOL_NAMES = ['search', 'execute'] as const;

/**
 * Bounds on filter input. Globs compile to backtracking regular expressions, so the number of
 * variable-length parts per pattern and the length of a tested name are capped to keep every match
 * fast even for hostile input (four `*` against a 200-character name already takes about a second).
 */
export const FILTER_LIMITS = {
  maxPatterns: 100,
  maxPatternLength: 256,
  /** `*` runs plus `{…}` groups in one pattern. */
  maxVariableParts: 3,
  /** Longer names are never visible and never callable under a non-empty filter. */
  maxNameLength: 128,
  maxCallableBytes: 64 * 1024,
  maxCallableGlobKeys: 100,
  maxValueDepth: 32,
} as const;
