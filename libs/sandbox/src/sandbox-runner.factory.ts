import type { Logger } from '@nestjs/common';
import type { InProcessRunner } from './in-process/in-process.runner';
import type { SandboxOptions } from './interfaces/sandbox-options.interface';
import type { SandboxRunner } from './interfaces/sandbox-runner.interface';
import { SandboxProcessPool } from './process-pool/sandbox-process.pool';

/** The runner for `options.isolation`, reporting to `logger`. */
export function createSandboxRunner(options: SandboxOptions, logger: Logger): SandboxRunner {
  if (options.isolation === 'process') {
    return new SandboxProcessPool(options, { error: (text) => logger.error(text), warn: (text) => logger.warn(text) });
  }
  // Required here only: with process isolation the server never loads isolated-vm (nor needs its Node flag).
  const { InProcessRunner: Runner } = require('./in-process/in-process.runner') as {
    InProcessRunner: typeof InProcessRunner;
  };
  return new Runner(options, {
    onInternalError: (error) =>
      logger.error('Sandbox run failed internally', error instanceof Error ? error.stack : String(error)),
    onWarmupError: (error) => logger.error('Could not pre-create an isolate', error),
    onCatastrophe: (message) =>
      logger.fatal(`isolated-vm lost control of an isolate (its thread and memory are leaked): ${message}`),
  });
}
