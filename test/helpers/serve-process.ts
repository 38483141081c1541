import type { ChildProcess } from 'node:child_process';
import { launchServe, type ProcessExit } from '../support/serve-process';

export type { ProcessExit } from '../support/serve-process';

/** `bin/myko-nest serve` in a child process (as a service manager runs it), on a free port. */
export interface ServeProcess {
  child: ChildProcess;
  /** `http://127.0.0.1:<port>` */
  origin: string;
  exited: Promise<ProcessExit>;
  /** Everything it wrote to stdout and stderr so far. */
  output(): string;
}

/**
 * Starts the launcher (needs `npm run build`) with an in-memory database, no audit log and a clean
 * environment (plus `env`), and resolves once it announces its URL; `args` come after those (a later `--db` wins).
 */
export async function startServeProcess(args: string[] = [], env: Record<string, string> = {}): Promise<ServeProcess> {
  const { child, origin, exited, output } = await launchServe({
    args: ['--db', ':memory:', '--audit-log', 'off', ...args],
    env: { PATH: process.env.PATH ?? '', NO_COLOR: '1', ...env },
  });
  return { child, origin, exited, output };
}

/** Signals the server's whole process group (launcher, server, sandbox processes). */
export function signalServeProcess(server: ServeProcess | undefined, signal: NodeJS.Signals): void {
  try {
    if (server?.child.pid) process.kill(-server.child.pid, signal);
  } catch {
    // already gone
  }
}

/** Kills what is left of a server a test did not stop (launcher, server, sandbox processes). */
export function killServeProcess(server: ServeProcess | undefined): void {
  signalServeProcess(server, 'SIGKILL');
}
