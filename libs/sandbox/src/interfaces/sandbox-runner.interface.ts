import type { SandboxRunRequest, SandboxRunResult } from './sandbox-run.interface';

/** One sandbox process as `status()` shows it. */
export interface SandboxProcessStatus {
  pid: number;
  /** Runs in it right now. */
  running: number;
  /** Resident memory as it last reported, in MB. */
  rssMb: number;
  /** Being replaced (after a lost isolate or too much memory): takes no new runs, exits when idle. */
  retiring: boolean;
  /** Runs of heavy clients (`heavyClientCpuPercent`) are in it now, at low priority. */
  lowPriority?: boolean;
}

/** What a runner adds to `SandboxStatus`. */
export interface RunnerStatus {
  liveIsolates: number;
  catastrophicErrors: number;
  processes: SandboxProcessStatus[];
  crashes: number;
  /** Isolates executing JavaScript right now (as the sandbox processes last reported), and the most at once. */
  executing: number;
  peakExecuting: number;
}

/**
 * Where `SandboxService` sends a run once it holds a concurrency slot: isolates in this process, or in
 * sandbox processes. Never rejects for a failed run: every outcome is a `SandboxRunResult`.
 */
export interface SandboxRunner {
  /** Gets ready to run (spawns the sandbox processes); rejects with a clear error if it cannot. Idempotent. */
  start(): Promise<void>;
  /**
   * @param lowPriority a heavy client's run: it waits behind normal runs for a CPU slot, and its isolate's
   *   thread executes at the lowest OS priority where the OS allows it.
   */
  run(request: SandboxRunRequest, wallMs: number, lowPriority?: boolean): Promise<SandboxRunResult>;
  status(): RunnerStatus;
  /** Stops everything: no run survives it and no process outlives it. */
  close(): Promise<void>;
}
