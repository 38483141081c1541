import type { LogLevel } from '@nestjs/common';
import { StartupLogger } from './startup.logger';

/**
 * The start-up logger (Nest's console logger, minus its stack of an error `main` states in one line), but
 * every level goes to stderr: on stdio, stdout carries protocol only.
 */
export class StderrLogger extends StartupLogger {
  protected override printMessages(
    messages: unknown[],
    context?: string,
    logLevel?: LogLevel,
    _writeStreamType?: 'stdout' | 'stderr',
    errorStack?: unknown,
  ): void {
    super.printMessages(messages, context, logLevel, 'stderr', errorStack);
  }
}

/** Routes stray `console.log`/`info`/`debug` to stderr too, so no library can corrupt the protocol. */
export function routeConsoleToStderr(): void {
  console.log = console.error;
  console.info = console.error;
  console.debug = console.error;
}
