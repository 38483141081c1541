import { type ChildProcess, spawn } from 'node:child_process';
import { LAUNCHER } from './mcp-client';

/** How a launcher run ended, with everything it printed. */
export interface Finished {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Runs bin/myko-nest with a clean environment (no NODE_OPTIONS: the launcher must add the flag itself). */
export function launch(args: string[], env: Record<string, string> = {}): ChildProcess {
  return spawn(LAUNCHER, args, { env: { PATH: process.env.PATH ?? '', NO_COLOR: '1', ...env }, stdio: 'pipe' });
}

/** Collects its output until it ends (writing `stdin` first, if given). */
export function finished(child: ChildProcess, stdin?: string): Promise<Finished> {
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  if (stdin !== undefined) child.stdin?.end(stdin);
  return new Promise((resolve) => child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr })));
}

/**
 * Stops a run a test left going (it failed before stopping it): SIGTERM, which the launcher forwards to
 * the server, then SIGKILL if it has not closed within `graceMs`. Resolves at once for a run that ended.
 */
export async function stopLaunched(child: ChildProcess, graceMs = 10_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await closed;
  clearTimeout(timer);
}
