import type { ChildProcess } from 'node:child_process';

/** How a child process ended. */
export interface ProcessExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** `Date.now()` when it ended. */
  at: number;
}

export interface LaunchOptions {
  /** Arguments after `serve --port 0`. */
  args?: string[];
  /** Node's flags, before the launcher. */
  nodeArgs?: string[];
  /** Its environment (default: this process's). */
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** Another launcher to run (an installed `node_modules/.bin/myko-nest`); default this repository's. */
  launcher?: string;
  /** How much of its output to keep (the tail; default all). */
  keepOutputChars?: number;
  /** Default 60 s. */
  startTimeoutMs?: number;
  /** Called at once with a way to kill its process group, before it listens. */
  onSpawn?(killGroup: (signal: NodeJS.Signals) => void): void;
}

export interface LaunchedServe {
  child: ChildProcess;
  port: number;
  /** `http://127.0.0.1:<port>` */
  origin: string;
  exited: Promise<ProcessExit>;
  /** Everything it wrote to stdout and stderr so far (or the kept tail). */
  output(): string;
  /** Signals its whole process group. */
  killGroup(signal: NodeJS.Signals): void;
}

/** The launcher MCP hosts start (`bin/myko-nest`). */
export const LAUNCHER: string;

/** Starts `bin/myko-nest serve` on a free loopback port; resolves once it listens. */
export function launchServe(options?: LaunchOptions): Promise<LaunchedServe>;
