import type { ProcessExit } from './process-exit.mapper';
import type { SandboxProcess } from './sandbox-process';

/** What a sandbox process reports of itself, as of its last message. */
export interface HostReport {
  liveIsolates: number;
  rssMb: number;
  /** Scripts executing JavaScript in it right now, and the most at once. */
  executing: number;
  peakExecuting: number;
}

export interface ProcessListener {
  onCatastrophe(process: SandboxProcess, message: string): void;
  onLog(process: SandboxProcess, message: string, level: 'warn' | 'error'): void;
  onRetireRequest(process: SandboxProcess, reason: string): void;
  onRunEnded(process: SandboxProcess): void;
  onExit(process: SandboxProcess, exit: ProcessExit): void;
}
