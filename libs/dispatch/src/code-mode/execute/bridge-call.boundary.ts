import { InvalidArgumentsError, OperationAbortedError, OperationError, OperationNotFoundError } from '@myko/registry';
import { CallRefusedError } from '../../errors';
import type { OperationCallOutcome } from '../../interfaces/request-context.interface';
import { toScriptError } from './script-error.fields';

// Where a script's call crosses the bridge: its arguments read from JSON, its failure shaped for the script
// and named for observers.

/**
 * Every error a script can catch carries `code`, `status`, `retryable` and `details` (see `toScriptError`);
 * anything else (the run's own abort) crosses as before.
 */
export function withScriptFields(error: unknown): never {
  const known =
    error instanceof OperationError ||
    error instanceof CallRefusedError ||
    (error instanceof Error && error.name === 'InternalError');
  throw known ? toScriptError(error) : error;
}

/** How a failed call ended, for observers (traces). */
export function callOutcome(error: unknown): OperationCallOutcome {
  if (error instanceof CallRefusedError || error instanceof OperationNotFoundError) return 'refused';
  return error instanceof OperationAbortedError ? 'aborted' : 'error';
}

/** `myko.x(id)` sends `{}`; anything but a JSON object is refused before the filters see it. */
export function parseArguments(name: string, argsJson: string): object {
  let args: unknown;
  try {
    args = argsJson === '' ? {} : JSON.parse(argsJson);
  } catch {
    throw new InvalidArgumentsError(name, [{ path: 'args', reasons: ['must be JSON-serializable'] }]);
  }
  if (args === null || args === undefined) return {};
  if (typeof args !== 'object' || Array.isArray(args)) {
    throw new InvalidArgumentsError(name, [{ path: 'args', reasons: ['must be an object'] }]);
  }
  return args;
}
