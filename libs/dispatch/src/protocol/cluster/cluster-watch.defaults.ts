import { DEFAULT_WATCH_PERIOD_MS, WATCH_LEASES_PER_PERIOD } from '../../dispatch.constants';
import type { ClusterWatchOptions } from '../../interfaces/dispatch-options.interface';

/**
 * `DispatchModuleOptions.cluster` with its defaults; a period or lease that is not a positive number
 * of milliseconds, or a lease shorter than the period (sets would lapse between two tellings), is refused.
 */
export function resolveClusterWatchOptions(options: Partial<ClusterWatchOptions> = {}): ClusterWatchOptions {
  const watchPeriodMs = options.watchPeriodMs ?? DEFAULT_WATCH_PERIOD_MS;
  const watchLeaseMs = options.watchLeaseMs ?? WATCH_LEASES_PER_PERIOD * watchPeriodMs;
  for (const [name, value] of Object.entries({ watchPeriodMs, watchLeaseMs })) {
    if (!Number.isFinite(value) || value <= 0) {
      throw new TypeError(`cluster.${name} must be a positive number of milliseconds, got ${value}`);
    }
  }
  if (watchLeaseMs < watchPeriodMs) {
    throw new TypeError(
      `cluster.watchLeaseMs (${watchLeaseMs}) must be at least cluster.watchPeriodMs (${watchPeriodMs})`,
    );
  }
  return { watchPeriodMs, watchLeaseMs };
}
