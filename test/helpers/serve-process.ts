import { type ChildProcess, spawn } from 'node:child_process';
import { LAUNCHER } from './mcp-client';

/** How a child process ended. */
export interface ProcessExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** `Date.now()` when it ended. */
  at: number;
}

/** `bin/myko-nest serve` in a child process (as a service manager runs it), on a free port. */
export interface ServeProcess {
  child: ChildProcess;
  /** `http://127.0.0.1:<port>` */
  origin: string;
  exited: Promise<ProcessExit>;
  /** Everything it wrote to stdout and stderr so far. */
  output(): string;
}

/** Starts the launcher (needs `npm run build`) and resolves once it announces its URL. */
export async function startServeProcess(args: string[] = []): Promise<ServeProcess> {
  const child = spawn(LAUNCHER, ['serve', '--port', '0', '--db', ':memory:', '--audit-log', 'off', ...args], {
    env: { PATH: process.env.PATH ?? '', NO_COLOR: '1' },
    stdio: 'pipe',
    // Its own process group, so a test can kill the whole tree; signals under test go to the launcher only.
    detached: true,
  });
  let out = '';
  const collect = (chunk: Buffer) => {
    out += chunk.toString();
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<ProcessExit>((resolve) =>
    child.on('close', (code, signal) => resolve({ code, signal, at: Date.now() })),
  );
  const origin = await new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', () => {
      const match = /http:\/\/127\.0\.0\.1:(\d+)\/mcp/.exec(out);
      if (match) resolve(`http://127.0.0.1:${match[1]}`);
    });
    void exited.then(() => reject(new Error(`serve exited early: ${out}`)));
  });
  return { child, origin, exited, output: () => out };
}

/** Kills what is left of a server a test did not stop (launcher, server, sandbox processes). */
export function killServeProcess(server: ServeProcess | undefined): void {
  try {
    if (server?.child.pid) process.kill(-server.child.pid, 'SIGKILL');
  } catch {
    // already gone
  }
}
