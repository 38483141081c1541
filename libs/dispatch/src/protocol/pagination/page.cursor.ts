import { ToolExecutionError } from '../../errors';

/** The cursor before 2026-12-02: base64url of `{"o": offset, "h": fingerprint}`, still read (replicas roll one by one). */
interface LegacyCursorPayload {
  o: number;
  h: string;
}

/** `<offset in base 36>.<fingerprint>`: what `encodeCursor` writes. */
const CURSOR = /^([0-9a-z]{1,11})\.([0-9a-f]{1,8})$/;

/** 32-bit FNV-1a, hex: enough to tell one query from another, not a security boundary. */
export function fingerprint(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16);
}

/**
 * An opaque page cursor: the next page's offset and the fingerprint of what produced the list, so a cursor
 * cannot be replayed against another query. Short on purpose (`5.f32666a6`): an agent reads it in every answer
 * that has more.
 */
export function encodeCursor(offset: number, scope: string): string {
  return `${offset.toString(36)}.${fingerprint(scope)}`;
}

/**
 * The offset a cursor points at, or undefined when it is malformed or was issued for another
 * scope (another query, kind or list).
 */
export function decodeCursor(cursor: string, scope: string): number | undefined {
  const parts = CURSOR.exec(cursor);
  const payload = parts ? { o: Number.parseInt(parts[1], 36), h: parts[2] } : legacyPayload(cursor);
  const offset = payload?.o;
  const valid = Number.isSafeInteger(offset) && (offset as number) >= 0 && payload?.h === fingerprint(scope);
  return valid ? offset : undefined;
}

function legacyPayload(cursor: string): Partial<LegacyCursorPayload> | undefined {
  try {
    const payload: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    return typeof payload === 'object' && payload !== null ? (payload as Partial<LegacyCursorPayload>) : undefined;
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
