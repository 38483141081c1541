import type { ServerResponse } from 'node:http';
import { JSON_RPC_ERROR_CODES } from '@myko/dispatch';
import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import { transportError } from '../common/json-rpc-error';
import { McpHttpError } from '../errors';
import { TRANSPORT_ERROR } from '../gateways.constants';

/**
 * Writes every refusal of the MCP HTTP endpoint as its status plus a JSON-RPC error body. Unknown
 * errors are logged and masked as -32603 "Internal error".
 */
@Catch()
export class McpHttpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('McpHttpController');

  catch(exception: unknown, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<ServerResponse>();
    const { status, code, message, headers, id, data } = this.describe(exception);
    if (res.headersSent) {
      res.end();
      return;
    }
    const body = JSON.stringify(transportError(code, message, id ?? null, data));
    res.writeHead(status, {
      ...headers,
      'Content-Type': 'application/json',
      'Content-Length': Buffer.byteLength(body),
    });
    res.end(body);
  }

  private describe(exception: unknown): {
    status: number;
    code: number;
    message: string;
    headers?: Record<string, string>;
    id?: string | number | null;
    data?: unknown;
  } {
    if (exception instanceof McpHttpError) return exception;
    if (exception instanceof HttpException) {
      return { status: exception.getStatus(), code: TRANSPORT_ERROR, message: exception.message };
    }
    this.logger.error(
      'Unhandled error in the MCP HTTP endpoint',
      exception instanceof Error ? exception.stack : exception,
    );
    return { status: 500, code: JSON_RPC_ERROR_CODES.INTERNAL_ERROR, message: 'Internal error' };
  }
}
