import type { ProcessExit } from './process-exit.mapper';

/** What a sandbox process reports of itself, as of its last message. */
export interface HostReport {
  liveIsolates: number;
  rssMb: number;
  /** Scripts executing JavaScript in it right now, and the most at once. */
  executing: number;
  peakExecuting: number;
}

/**
 * What the pool hears from its processes. Generic in the process so that neither this file nor the
 * message router needs `SandboxProcess`, which needs them both.
 */
export interface ProcessListener<Process> {
  onCatastrophe(process: Process, message: string): void;
  onLog(process: Process, message: string, level: 'warn' | 'error'): void;
  onRetireRequest(process: Process, reason: string): void;
  onRunEnded(process: Process): void;
  onExit(process: Process, exit: ProcessExit): void;
}
