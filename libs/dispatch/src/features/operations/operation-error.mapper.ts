import { NotFoundError, OperationAbortedError, OperationError } from '@myko/registry';
import { Logger } from '@nestjs/common';
import { InvalidParamsError, ResourceNotFoundError, ToolExecutionError } from '../../errors';
import type { RequestContext } from '../../interfaces/request-context.interface';
import { requestLogTag } from '../../protocol/observe/request-id';

/**
 * Where a failure of plugin code (an operation, an `@McpTool`/`@McpPrompt`/`@McpResource` handler, a
 * completer) is answered:
 * - `tool-result`: a `tools/call` result with `isError: true` (direct operation tools, custom tools);
 * - `invalid-params`: JSON-RPC -32602 (`prompts/get`, `completion/complete`);
 * - `resource`: `resources/read`, not found -32002, any other refusal -32602 with `data.uri`;
 * - `script`: inside `execute`, the error the script catches (by name and message).
 */
export type FailureSurface =
  | { readonly as: 'tool-result' }
  | { readonly as: 'invalid-params' }
  | { readonly as: 'resource'; readonly uri: string }
  | { readonly as: 'script' };

/** What failed, for the masked message and the log line: `query_GetOrder`, `tool restock`, `myko.search`. */
export interface FailedCall {
  readonly label: string;
  readonly request: Pick<RequestContext, 'client' | 'signal' | 'requestId' | 'traceId'>;
}

const logger = new Logger('OperationFailure');

/**
 * The one mapping of a plugin failure to what the client sees; returns the error to throw.
 * An `OperationError` (`NotFoundError`, `ConflictError`, `InvalidArgumentsError`, …) is the plugin's own
 * answer, its message safe to show. Anything else is a server fault: logged with its stack and, where the
 * client reads a message (tool results, scripts), masked as `Internal error in <label>`; on JSON-RPC
 * surfaces it is returned as is, and the JSON-RPC mapper answers -32603 (logged there). A tool's failure
 * while its request is aborted is the abort's: returned as is, the request's cancellation answers it.
 */
export function toClientFailure(error: unknown, surface: FailureSurface, call: FailedCall): Error {
  switch (surface.as) {
    case 'tool-result':
      if (error instanceof OperationAbortedError || call.request.signal.aborted) return asError(error);
      if (error instanceof OperationError) return new ToolExecutionError(error.message);
      return new ToolExecutionError(masked(error, call).message);
    case 'invalid-params':
      return error instanceof OperationError ? new InvalidParamsError(error.message) : asError(error);
    case 'resource':
      if (error instanceof NotFoundError) return new ResourceNotFoundError(surface.uri);
      if (error instanceof OperationError) return new InvalidParamsError(error.message, { uri: surface.uri });
      return asError(error);
    case 'script':
      return error instanceof OperationError ? error : masked(error, call);
  }
}

/** Logs a server fault with its stack and returns the message-only error the client may see. */
function masked(error: unknown, call: FailedCall): Error {
  const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
  const { request, label } = call;
  logger.error(`${requestLogTag(request)}Internal error in ${label} (session ${request.client.sessionId}): ${detail}`);
  const internal = new Error(`Internal error in ${label}`);
  internal.name = 'InternalError';
  return internal;
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
