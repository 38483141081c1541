import type { IncomingMessage } from 'node:http';
import { JSON_RPC_ERROR_CODES } from '@myko/dispatch';
import { McpHttpError } from '../errors';
import { TRANSPORT_ERROR } from '../gateways.constants';

/**
 * Reads the raw body as UTF-8, refusing more than `limit` bytes with 413. An oversized body is
 * drained (not buffered) before the refusal is sent, so the client can read the answer instead of
 * getting a reset connection, as Express's own body parser does.
 */
export function readRequestBody(req: IncomingMessage, limit: number): Promise<string> {
  if (req.readableEnded) {
    // Only possible when a global body parser ran first; the app must be created with bodyParser: false.
    return Promise.reject(
      new McpHttpError(500, JSON_RPC_ERROR_CODES.INTERNAL_ERROR, 'Request body was consumed before the MCP gateway'),
    );
  }
  const declared = Number(req.headers['content-length'] ?? 0);
  let tooLarge = declared > limit;
  let size = 0;
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    req.on('data', (chunk: Buffer) => {
      if (tooLarge) return;
      size += chunk.length;
      if (size > limit) {
        tooLarge = true;
        chunks.length = 0;
      } else chunks.push(chunk);
    });
    req.on('end', () => {
      if (tooLarge) reject(new McpHttpError(413, TRANSPORT_ERROR, `Request body exceeds the limit of ${limit} bytes`));
      else resolve(Buffer.concat(chunks).toString('utf8'));
    });
    // A client gone mid-body (or cut off by the request timeout) is its problem, not a server error.
    req.on('error', () => reject(new McpHttpError(400, TRANSPORT_ERROR, 'Request body aborted by the client')));
  });
}
