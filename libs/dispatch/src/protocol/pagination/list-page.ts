import { InvalidParamsError } from '../../errors';
import { decodeCursor, encodeCursor } from './page.cursor';

/** One page of an MCP list (`tools/list`, `prompts/list`, …) and the cursor of the next, if any. */
export interface ListPage<T> {
  items: T[];
  nextCursor?: string;
}

/** The offset an opaque list cursor points at; undefined means the first page. */
export function listOffset(cursor: unknown, scope: string): number {
  if (cursor === undefined) return 0;
  const offset = typeof cursor === 'string' ? decodeCursor(cursor, scope) : undefined;
  if (offset === undefined) throw new InvalidParamsError('invalid cursor');
  return offset;
}

/**
 * Pages a list: the cursor is opaque and bound to `scope`, so it cannot be replayed against another
 * list; an unknown cursor is -32602. No `nextCursor` on the last page.
 */
export function pageOf<T>(items: readonly T[], cursor: unknown, scope: string, size: number): ListPage<T> {
  const offset = listOffset(cursor, scope);
  const page = items.slice(offset, offset + size);
  const next = offset + page.length;
  return next < items.length ? { items: page, nextCursor: encodeCursor(next, scope) } : { items: page };
}
