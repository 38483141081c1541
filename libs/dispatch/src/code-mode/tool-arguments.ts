import { OPERATION_KINDS, type OperationKind } from '@myko/registry';
import { SEARCH_DEFAULT_LIMIT, SEARCH_MAX_LIMIT, SEARCH_MAX_QUERY_LENGTH } from '../dispatch.constants';
import { ToolExecutionError } from '../errors';
import type { SearchDetail, SearchRequest } from './search/search-result.interface';

/** Parsed `execute` tool arguments. */
export interface ExecuteRequest {
  code: string;
  timeoutMs?: number;
}

type Args = Record<string, unknown>;

/** Validates `search` arguments; every problem is listed in one tool execution error. */
export function parseSearchArguments(args: Args): SearchRequest {
  const problems = unknownKeys(args, ['query', 'kind', 'limit', 'cursor', 'detail']);
  const { query, kind, limit = SEARCH_DEFAULT_LIMIT, cursor, detail = 'summary' } = args;
  if (query !== undefined && typeof query !== 'string') problems.push('`query` must be a string');
  // query.length (UTF-16 units) is at least the count of characters, which costs a pass to take.
  const characters = typeof query === 'string' && query.length > SEARCH_MAX_QUERY_LENGTH ? codePoints(query) : 0;
  if (characters > SEARCH_MAX_QUERY_LENGTH) {
    problems.push(
      `\`query\` must be at most ${count(SEARCH_MAX_QUERY_LENGTH)} characters (this one has ${count(characters)})`,
    );
  }
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
    kind: kind as OperationKind | undefined,
    limit: limit as number,
    cursor: cursor as string | undefined,
    detail: detail as SearchDetail,
  };
}

/** Validates `execute` arguments; every problem is listed in one tool execution error. */
export function parseExecuteArguments(args: Args): ExecuteRequest {
  const problems = unknownKeys(args, ['code', 'timeoutMs']);
  const { code, timeoutMs } = args;
  if (typeof code !== 'string' || code.trim() === '') {
    problems.push('`code` is required: the body of an async function, as a non-empty string');
  }
  if (timeoutMs !== undefined && (!Number.isInteger(timeoutMs) || (timeoutMs as number) < 1)) {
    problems.push('`timeoutMs` must be a positive integer (milliseconds)');
  }
  rejectIfAny('execute', problems);
  return timeoutMs === undefined ? { code: code as string } : { code: code as string, timeoutMs: timeoutMs as number };
}

function count(value: number): string {
  return value.toLocaleString('en-US');
}

/** Characters as JSON Schema's `maxLength` counts them: code points, a surrogate pair being one. */
function codePoints(text: string): number {
  let pairs = 0;
  for (let i = 0; i < text.length - 1; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      pairs++;
      i++;
    }
  }
  return text.length - pairs;
}

function unknownKeys(args: Args, known: readonly string[]): string[] {
  return Object.keys(args)
    .filter((key) => !known.includes(key))
    .map((key) => `unknown argument \`${key}\` (accepted: ${known.join(', ')})`);
}

function rejectIfAny(tool: string, problems: string[]): void {
  if (problems.length > 0) throw new ToolExecutionError(`Invalid arguments for ${tool}: ${problems.join('; ')}.`);
}
