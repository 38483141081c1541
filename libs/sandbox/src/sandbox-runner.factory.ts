import type { Logger } from '@nestjs/common';
import type { InProcessRunner } from './in-process/in-process.runner';
import type { SandboxOptions } from './interfaces/sandbox-options.interface';
import type { SandboxRunner } from './interfaces/sandbox-runner.interface';
import type { ProcessPoolLog } from './process-pool/process-pool.tuning';
import { SandboxProcessPool } from './process-pool/sandbox-process.pool';

/** The runner for `options.isolation`, reporting to `logger`. */
export function createSandboxRunner(options: SandboxOptions, logger: Logger): SandboxRunner {
  if (options.isolation === 'process') return processRunner(options, logger);
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

/** The process pool (fair shares are `SandboxService`'s: low-priority runs go to the same processes). */
function processRunner(options: SandboxOptions, logger: Logger): SandboxRunner {
  const log: ProcessPoolLog = { error: (text) => logger.error(text), warn: (text) => logger.warn(text) };
  return new SandboxProcessPool(options, log);
}
