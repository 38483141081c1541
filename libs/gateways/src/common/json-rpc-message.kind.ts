/** How a transport must treat one parsed JSON-RPC value (answer or not, which HTTP status). */
export type JsonRpcMessageKind = 'request' | 'notification' | 'response' | 'invalid';

function isId(value: unknown): boolean {
  return typeof value === 'string' || typeof value === 'number';
}

/**
 * Classifies by shape only; dispatch does the full validation. Anything that is not a single object
 * (a batch, a primitive) is `invalid` and still goes to dispatch, which answers it.
 */
export function jsonRpcMessageKind(message: unknown): JsonRpcMessageKind {
  if (typeof message !== 'object' || message === null || Array.isArray(message)) return 'invalid';
  const m = message as Record<string, unknown>;
  if (typeof m.method === 'string') return 'id' in m ? (isId(m.id) ? 'request' : 'invalid') : 'notification';
  if (isId(m.id) && ('result' in m || 'error' in m)) return 'response';
  return 'invalid';
}

/** The `method` of a request or notification. */
export function jsonRpcMethod(message: unknown): string | undefined {
  const method = (message as { method?: unknown } | null)?.method;
  return typeof method === 'string' ? method : undefined;
}
