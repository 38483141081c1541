/**
 * A refusal at the HTTP edge: answered with `status` and a JSON-RPC error body (`id: null`) carrying
 * `code` and the message, so MCP clients can show why.
 * @publicApi
 */
export class McpHttpError extends Error {
  override readonly name = 'McpHttpError';
  /** The id of the refused JSON-RPC request, when it was read. */
  id: string | number | null = null;
  /** `error.data` of the body (e.g. `retryAfterMs` of a limit). */
  data?: unknown;

  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
    /** Extra response headers, e.g. `Allow` on a 405. */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }
}
