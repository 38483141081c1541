import type { SandboxOptions } from '../interfaces/sandbox-options.interface';
import { PROCESS_GRACE_MS, PROCESS_RESTARTS_PER_MINUTE, PROCESS_START_TIMEOUT_MS } from '../sandbox.constants';
import { defaultHostLaunch, type HostLaunch } from './host-launch';

/** Where the pool reports what the server's log should show (it knows no Nest logger). */
export interface ProcessPoolLog {
  error(message: string): void;
  warn(message: string): void;
}

/** Tuning that tests shorten; the defaults are the constants of `sandbox.constants.ts`. */
export interface ProcessPoolTuning {
  launch: HostLaunch;
  graceMs: number;
  startTimeoutMs: number;
  restartsPerMinute: number;
}

/** The given tuning, the defaults for the rest. */
export function resolveTuning(options: SandboxOptions, tuning: Partial<ProcessPoolTuning>): ProcessPoolTuning {
  return {
    launch: tuning.launch ?? defaultHostLaunch(options.processHeapMb),
    graceMs: tuning.graceMs ?? PROCESS_GRACE_MS,
    startTimeoutMs: tuning.startTimeoutMs ?? PROCESS_START_TIMEOUT_MS,
    restartsPerMinute: tuning.restartsPerMinute ?? PROCESS_RESTARTS_PER_MINUTE,
  };
}
