/** Most executions one page lists, and how many when the caller does not say. */
export const EXECUTION_LIST_MAX_LIMIT = 200;
export const EXECUTION_LIST_DEFAULT_LIMIT = 50;

const MAX_CURSOR_CHARS = 300;

/** Where a listing stopped: the last execution given (its `updatedAt`, then its id, breaking ties). */
export interface ExecutionListPosition {
  readonly updatedAt: number;
  readonly id: string;
}

/** A listing's `cursor` that no store gave (malformed or tampered with). */
export class InvalidExecutionCursorError extends Error {
  override readonly name = 'InvalidExecutionCursorError';

  constructor() {
    super('Invalid cursor: pass the `next` of the previous page unchanged.');
  }
}

/**
 * The opaque cursor of the page after `position`. Not the dispatch page cursor (offset and scope fingerprint): a
 * listing changes as runs are saved, so it resumes from a position, not an offset.
 */
export function encodeExecutionCursor(position: ExecutionListPosition): string {
  return Buffer.from(JSON.stringify([position.updatedAt, position.id])).toString('base64url');
}

/**
 * The position a cursor names.
 * @throws InvalidExecutionCursorError
 */
export function decodeExecutionCursor(cursor: string): ExecutionListPosition {
  if (cursor.length > MAX_CURSOR_CHARS || !/^[A-Za-z0-9_-]+$/.test(cursor)) throw new InvalidExecutionCursorError();
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new InvalidExecutionCursorError();
  }
  if (!Array.isArray(value) || value.length !== 2) throw new InvalidExecutionCursorError();
  const [updatedAt, id] = value as unknown[];
  if (!Number.isSafeInteger(updatedAt) || typeof id !== 'string' || id === '') throw new InvalidExecutionCursorError();
  return { updatedAt: updatedAt as number, id };
}

/** True when `entry` comes after `position` in newest-first order (older, or as old with a smaller id). */
export function isAfter(entry: ExecutionListPosition, position: ExecutionListPosition | undefined): boolean {
  if (!position) return true;
  return entry.updatedAt < position.updatedAt || (entry.updatedAt === position.updatedAt && entry.id < position.id);
}

/** Newest-first order: later `updatedAt` first, then the larger id (Redis's reverse order of equal scores). */
export function newestFirst(a: ExecutionListPosition, b: ExecutionListPosition): number {
  if (a.updatedAt !== b.updatedAt) return b.updatedAt - a.updatedAt;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}
