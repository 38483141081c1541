import { ConsoleLogger } from '@nestjs/common';
import { isReportedInOneLine } from './startup-errors';

/** The context Nest's `ExceptionsZone` logs a failed start-up under, stack and all, before rethrowing it. */
const EXCEPTION_HANDLER = 'ExceptionHandler';

/**
 * Nest's console logger, minus Nest's own report of a start-up error `main` states in one line (Redis
 * not there, the port taken, a wrong operation set): an operator reads the line that says what to
 * change, not a stack trace through Nest's injector first. Any other error keeps its stack.
 */
export class StartupLogger extends ConsoleLogger {
  override error(message: unknown, ...optionalParams: unknown[]): void {
    if (optionalParams.at(-1) === EXCEPTION_HANDLER && isReportedInOneLine(message)) return;
    super.error(message, ...optionalParams);
  }
}
