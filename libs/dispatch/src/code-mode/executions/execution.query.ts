import {
  decodeExecutionCursor,
  EXECUTION_LIST_DEFAULT_LIMIT,
  EXECUTION_LIST_MAX_LIMIT,
  type ExecutionListQuery,
  InvalidExecutionCursorError,
} from '@myko/state';
import { EXECUTION_STATES, type ExecutionState } from './execution-record';

const MAX_PRINCIPAL_CHARS = 300;

/** A listing's filters as a caller wrote them (a query string's values): each checked by `parseExecutionQuery`. */
export interface ExecutionQueryInput {
  readonly state?: unknown;
  readonly principal?: unknown;
  readonly limit?: unknown;
  readonly cursor?: unknown;
}

/** A listing asked with a bad filter: unknown state, a limit out of range, a cursor no listing gave. */
export class ExecutionQueryError extends Error {
  override readonly name = 'ExecutionQueryError';
}

/**
 * The store's query from a caller's filters: `state` one of the execution states, `principal` a non-empty
 * string, `limit` an integer 1…200 (default 50), `cursor` the `next` of an earlier page.
 * @throws ExecutionQueryError naming the bad filter
 */
export function parseExecutionQuery(input: ExecutionQueryInput): ExecutionListQuery {
  const { state, principal, limit, cursor } = input;
  return {
    ...(state === undefined ? {} : { state: stateOf(state) }),
    ...(principal === undefined ? {} : { principal: principalOf(principal) }),
    limit: limitOf(limit),
    ...(cursor === undefined ? {} : { cursor: cursorOf(cursor) }),
  };
}

function stateOf(value: unknown): ExecutionState {
  if (typeof value === 'string' && (EXECUTION_STATES as readonly string[]).includes(value)) {
    return value as ExecutionState;
  }
  throw new ExecutionQueryError(`Invalid state: it must be one of ${EXECUTION_STATES.join(', ')}.`);
}

function principalOf(value: unknown): string {
  if (typeof value === 'string' && value !== '' && value.length <= MAX_PRINCIPAL_CHARS) return value;
  throw new ExecutionQueryError(`Invalid principal: a non-empty string of at most ${MAX_PRINCIPAL_CHARS} characters.`);
}

function limitOf(value: unknown): number {
  if (value === undefined) return EXECUTION_LIST_DEFAULT_LIMIT;
  const limit = typeof value === 'string' && /^\d{1,4}$/.test(value) ? Number(value) : value;
  if (Number.isInteger(limit) && (limit as number) >= 1 && (limit as number) <= EXECUTION_LIST_MAX_LIMIT) {
    return limit as number;
  }
  throw new ExecutionQueryError(`Invalid limit: an integer from 1 to ${EXECUTION_LIST_MAX_LIMIT}.`);
}

function cursorOf(value: unknown): string {
  try {
    if (typeof value !== 'string') throw new InvalidExecutionCursorError();
    decodeExecutionCursor(value);
    return value;
  } catch (error) {
    if (error instanceof InvalidExecutionCursorError) throw new ExecutionQueryError(error.message);
    throw error;
  }
}
