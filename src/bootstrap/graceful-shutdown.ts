import { constants } from 'node:os';
import { type INestApplicationContext, Logger } from '@nestjs/common';

/** Signals that start a graceful shutdown. */
export const SHUTDOWN_SIGNALS: readonly NodeJS.Signals[] = ['SIGINT', 'SIGTERM'];

/**
 * A signal this soon after the first one is the same request arriving twice: a terminal's Ctrl-C and
 * a service manager signal the whole process group, and `bin/myko-nest` forwards what it gets too.
 */
const DUPLICATE_SIGNAL_MS = 500;

/**
 * Closes the application once. The first SIGINT/SIGTERM (or `close()`) runs Nest's shutdown: the
 * gateways drain in-flight requests within `shutdownGraceMs`, then resources are released and the
 * process exits 0 (1 if the shutdown failed). Another signal during the drain exits at once, with
 * 128 + the signal's number, like a process killed by it.
 */
export class GracefulShutdown {
  private readonly logger = new Logger('Shutdown');
  private closing?: Promise<number>;
  private firstSignalAt?: number;

  constructor(private readonly app: INestApplicationContext) {}

  /** Installs the signal handlers (instead of Nest's `enableShutdownHooks`, which ignores a second signal). */
  listen(): this {
    for (const signal of SHUTDOWN_SIGNALS) process.on(signal, this.onSignal);
    return this;
  }

  /** Closes the application (once); resolves with the exit code. */
  close(): Promise<number> {
    this.closing ??= this.app.close().then(
      () => 0,
      (error: unknown) => {
        this.logger.error(`Shutdown failed: ${error instanceof Error ? (error.stack ?? error.message) : error}`);
        return 1;
      },
    );
    return this.closing;
  }

  private readonly onSignal = (signal: NodeJS.Signals): void => {
    const now = Date.now();
    if (this.firstSignalAt === undefined) {
      this.firstSignalAt = now;
      this.logger.log(`${signal} received: draining (send it again to exit at once)`);
      void this.close().then((code) => process.exit(code));
      return;
    }
    if (now - this.firstSignalAt < DUPLICATE_SIGNAL_MS) return;
    this.logger.warn(`${signal} received again: exiting without waiting for in-flight requests`);
    process.exit(128 + (constants.signals[signal] ?? 0));
  };
}
