import { ToolExecutionError } from '../../errors';

interface CursorPayload {
  /** Offset of the next page. */
  o: number;
  /** Hash of what produced the list, so a cursor cannot be replayed against another query. */
  h: string;
}

/** 32-bit FNV-1a, hex: enough to tell one query from another, not a security boundary. */
export function fingerprint(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16);
}

/** An opaque page cursor: base64url of `{offset, fingerprint}`. */
export function encodeCursor(offset: number, scope: string): string {
  const payload: CursorPayload = { o: offset, h: fingerprint(scope) };
  return Buffer.from(JSON.stringify(payload)).toString('base64url');
}

/**
 * The offset a cursor points at, or undefined when it is malformed or was issued for another
 * scope (another query, kind or list).
 */
export function decodeCursor(cursor: string, scope: string): number | undefined {
  try {
    const payload = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Partial<CursorPayload>;
    const valid = Number.isSafeInteger(payload.o) && (payload.o as number) >= 0 && payload.h === fingerprint(scope);
    return valid ? payload.o : undefined;
  } catch {
    return undefined;
  }
}

/** Like `decodeCursor`, for tools: an unusable cursor is a tool execution error telling what to do. */
export function requireCursor(cursor: string | undefined, scope: string): number {
  if (cursor === undefined) return 0;
  const offset = decodeCursor(cursor, scope);
  if (offset === undefined) {
    throw new ToolExecutionError(
      'Invalid cursor: pass back the nextCursor of the previous search unchanged, with the same query and kind.',
    );
  }
  return offset;
}
