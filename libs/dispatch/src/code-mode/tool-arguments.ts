import { OPERATION_KINDS, type OperationKind } from '@myko/registry';
import {
  SEARCH_DEFAULT_LIMIT,
  SEARCH_MAX_LIMIT,
  SEARCH_MAX_QUERIES,
  SEARCH_MAX_QUERY_LENGTH,
} from '../dispatch.constants';
import { ToolExecutionError } from '../errors';
import type { SearchDetail, SearchRequest } from './search/search-result.interface';

/** Parsed `execute` tool arguments. */
export interface ExecuteRequest {
  code: string;
  timeoutMs?: number;
  /** `plan`: reads run, commands are recorded and not run. */
  mode?: 'plan';
}

type Args = Record<string, unknown>;

/** Validates `search` arguments; every problem is listed in one tool execution error. */
export function parseSearchArguments(args: Args): SearchRequest {
  const problems = unknownKeys(args, ['query', 'queries', 'kind', 'limit', 'cursor', 'detail']);
  const { query, queries, kind, limit = SEARCH_DEFAULT_LIMIT, cursor, detail = 'summary' } = args;
  if (query !== undefined && typeof query !== 'string') problems.push('`query` must be a string');
  if (typeof query === 'string' && isLongerThan(query, SEARCH_MAX_QUERY_LENGTH)) {
    problems.push(`\`query\` must be at most ${SEARCH_MAX_QUERY_LENGTH.toLocaleString('en-US')} characters`);
  }
  if (queries !== undefined) problems.push(...queriesProblems(queries, query, cursor));
  if (kind !== undefined && !OPERATION_KINDS.includes(kind as OperationKind)) {
    problems.push(`\`kind\` must be one of ${OPERATION_KINDS.join(', ')}`);
  }
  if (!Number.isInteger(limit) || (limit as number) < 1 || (limit as number) > SEARCH_MAX_LIMIT) {
    problems.push(`\`limit\` must be an integer from 1 to ${SEARCH_MAX_LIMIT}`);
  }
  if (cursor !== undefined && typeof cursor !== 'string') problems.push('`cursor` must be a string');
  if (detail !== 'summary' && detail !== 'full') problems.push('`detail` must be "summary" or "full"');
  rejectIfAny('search', problems);
  return {
    query: query as string | undefined,
    ...(queries === undefined ? {} : { queries: queries as string[] }),
    kind: kind as OperationKind | undefined,
    limit: limit as number,
    cursor: cursor as string | undefined,
    detail: detail as SearchDetail,
  };
}

/** What is wrong with `queries`: 1 to SEARCH_MAX_QUERIES strings, instead of `query` and without a `cursor`. */
function queriesProblems(queries: unknown, query: unknown, cursor: unknown): string[] {
  const problems: string[] = [];
  const valid =
    Array.isArray(queries) &&
    queries.length >= 1 &&
    queries.length <= SEARCH_MAX_QUERIES &&
    queries.every((each) => typeof each === 'string');
  if (!valid) {
    problems.push(`\`queries\` must be an array of 1 to ${SEARCH_MAX_QUERIES} strings (one per thing the task needs)`);
  } else if (queries.some((each) => isLongerThan(each, SEARCH_MAX_QUERY_LENGTH))) {
    problems.push(`each of \`queries\` must be at most ${SEARCH_MAX_QUERY_LENGTH.toLocaleString('en-US')} characters`);
  }
  if (query !== undefined) problems.push('give `query` or `queries`, not both');
  if (cursor !== undefined) problems.push('a `cursor` pages one query: send it with that `query`, not `queries`');
  return problems;
}

/** Validates `execute` arguments; every problem is listed in one tool execution error. */
export function parseExecuteArguments(args: Args): ExecuteRequest {
  const problems = unknownKeys(args, ['code', 'timeoutMs', 'mode']);
  const { code, timeoutMs, mode } = args;
  if (typeof code !== 'string' || code.trim() === '') {
    problems.push('`code` is required: the body of an async function, as a non-empty string');
  }
  if (timeoutMs !== undefined && (!Number.isInteger(timeoutMs) || (timeoutMs as number) < 1)) {
    problems.push('`timeoutMs` must be a positive integer (milliseconds)');
  }
  if (mode !== undefined && mode !== 'plan' && mode !== 'run') problems.push('`mode` must be "plan" or "run"');
  rejectIfAny('execute', problems);
  return {
    code: code as string,
    ...(timeoutMs === undefined ? {} : { timeoutMs: timeoutMs as number }),
    ...(mode === 'plan' ? { mode } : {}),
  };
}

/**
 * Whether text has more than `limit` characters as JSON Schema's `maxLength` counts them (code
 * points, a surrogate pair being one). `text.length` counts UTF-16 units, at most twice as many, so
 * only a text between `limit` and `2 × limit` units is counted, and that count stops at the limit.
 */
function isLongerThan(text: string, limit: number): boolean {
  if (text.length <= limit) return false;
  if (text.length > 2 * limit) return true;
  let characters = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) i++;
    if (++characters > limit) return true;
  }
  return false;
}

function unknownKeys(args: Args, known: readonly string[]): string[] {
  return Object.keys(args)
    .filter((key) => !known.includes(key))
    .map((key) => `unknown argument \`${key}\` (accepted: ${known.join(', ')})`);
}

function rejectIfAny(tool: string, problems: string[]): void {
  if (problems.length > 0) throw new ToolExecutionError(`Invalid arguments for ${tool}: ${problems.join('; ')}.`);
}
