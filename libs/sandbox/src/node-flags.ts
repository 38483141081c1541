import { NodeSnapshotFlagError } from './errors/node-snapshot-flag.error';

/** The Node flag isolated-vm requires on Node 20+ (V8's shared read-only heap breaks it otherwise). */
export const NO_NODE_SNAPSHOT_FLAG = '--no-node-snapshot';

/** Whether Node was started with `--no-node-snapshot`, on the command line or through `NODE_OPTIONS`. */
export function hasNoNodeSnapshotFlag(
  execArgv: readonly string[] = process.execArgv,
  nodeOptions: string | undefined = process.env.NODE_OPTIONS,
): boolean {
  if (execArgv.includes(NO_NODE_SNAPSHOT_FLAG)) return true;
  return (nodeOptions ?? '').split(/\s+/).includes(NO_NODE_SNAPSHOT_FLAG);
}

/**
 * Fails fast with a clear message when the flag is missing. It cannot be set at runtime, and a run without
 * it may work for a while and then crash, so a missing flag is a start-up error, not a warning.
 */
export function assertNoNodeSnapshotFlag(
  execArgv: readonly string[] = process.execArgv,
  nodeOptions: string | undefined = process.env.NODE_OPTIONS,
): void {
  if (!hasNoNodeSnapshotFlag(execArgv, nodeOptions)) throw new NodeSnapshotFlagError();
}
