import type { ServerResponse } from 'node:http';
import { failureResponse, JSON_RPC_ERROR_CODES, STATE_UNAVAILABLE } from '@myko/dispatch';
import { StateUnavailableError } from '@myko/state';
import { HttpException, Logger } from '@nestjs/common';
import { McpHttpError } from '../errors';
import { TRANSPORT_ERROR } from '../gateways.constants';

const logger = new Logger('McpHttpEndpoint');

interface HttpFailure {
  status: number;
  code: number;
  message: string;
  headers?: Readonly<Record<string, string>>;
  id?: string | number | null;
  data?: unknown;
}

/**
 * Writes a refusal of the MCP HTTP endpoint as its status plus a JSON-RPC error body. Unknown errors
 * are logged and masked as -32603 "Internal error". A response already under way is only ended.
 */
export function writeHttpFailure(res: ServerResponse, error: unknown): void {
  const { status, code, message, headers, id, data } = describe(error);
  if (res.headersSent) {
    res.end();
    return;
  }
  const body = JSON.stringify(
    failureResponse(id ?? null, data === undefined ? { code, message } : { code, message, data }),
  );
  res.writeHead(status, {
    ...headers,
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(body),
  });
  res.end(body);
}

function describe(error: unknown): HttpFailure {
  if (error instanceof McpHttpError) return error;
  if (error instanceof StateUnavailableError) {
    // Redis is down: nothing was done, another try shortly may succeed (the connection recovers itself).
    logger.warn(error.message);
    const message = 'Service Unavailable: shared session state (Redis) cannot be reached; retry shortly';
    return {
      status: 503,
      code: STATE_UNAVAILABLE,
      message,
      headers: { 'Retry-After': '1' },
      data: { retryable: true },
    };
  }
  if (error instanceof HttpException) {
    return { status: error.getStatus(), code: TRANSPORT_ERROR, message: error.message };
  }
  logger.error('Unhandled error in the MCP HTTP endpoint', error instanceof Error ? error.stack : error);
  return { status: 500, code: JSON_RPC_ERROR_CODES.INTERNAL_ERROR, message: 'Internal error' };
}
