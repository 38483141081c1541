/** A JSON-RPC error response built by a transport, before or instead of dispatch (`id` unknown → null). */
export interface TransportErrorResponse {
  jsonrpc: '2.0';
  id: string | number | null;
  error: { code: number; message: string; data?: unknown };
}

export function transportError(
  code: number,
  message: string,
  id: string | number | null = null,
  data?: unknown,
): TransportErrorResponse {
  return { jsonrpc: '2.0', id, error: data === undefined ? { code, message } : { code, message, data } };
}
