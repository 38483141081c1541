import type { Logger } from '@nestjs/common';
import type { InProcessRunner } from './in-process/in-process.runner';
import type { SandboxOptions } from './interfaces/sandbox-options.interface';
import type { SandboxRunner } from './interfaces/sandbox-runner.interface';
import { ClientUsageMeter, USAGE_WINDOW_MS } from './lanes/client-usage.meter';
import { LowPriorityLaneRunner } from './lanes/low-priority-lane.runner';
import type { ProcessPoolLog } from './process-pool/process-pool.tuning';
import { SandboxProcessPool } from './process-pool/sandbox-process.pool';
import { LOW_PRIORITY_NICENESS } from './sandbox.constants';

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

/** The process pool; with fair shares, beside a one-process pool at low priority for heavy clients. */
function processRunner(options: SandboxOptions, logger: Logger): SandboxRunner {
  const log: ProcessPoolLog = { error: (text) => logger.error(text), warn: (text) => logger.warn(text) };
  const normal = new SandboxProcessPool(options, log);
  if (options.heavyClientCpuPercent === 0) return normal;
  // One process with every CPU slot: alone on an idle machine, a heavy client runs as wide as before.
  const lowPriority = new SandboxProcessPool({ ...options, processes: 1 }, log, { niceness: LOW_PRIORITY_NICENESS });
  const limitMs = (options.heavyClientCpuPercent / 100) * options.maxConcurrent * USAGE_WINDOW_MS;
  const onHeavy = (client: string) =>
    logger.log(
      `${client} used more than ${options.heavyClientCpuPercent} % of the sandbox's CPU lately: its runs go to the low-priority lane`,
    );
  return new LowPriorityLaneRunner(normal, lowPriority, new ClientUsageMeter(limitMs), onHeavy);
}
