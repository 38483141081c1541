import { createServer } from 'node:net';
import { ListenError } from './listen.error';

/** `127.0.0.1:5155`, `[::1]:5155`. */
function displayed(host: string, port: number): string {
  return `${host.includes(':') ? `[${host}]` : host}:${port}`;
}

/** What a failed `listen` means to the operator, with the flag that changes it; undefined for other errors. */
export function listenProblem(error: unknown, host: string, port: number): string | undefined {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'EADDRINUSE') {
    return `port ${port} on ${host} is already in use (another myko-nest or another service); choose another with --port <n>, or --port 0 for any free one`;
  }
  if (code === 'EACCES') {
    return `no permission to listen on ${displayed(host, port)} (ports below 1024 need privileges); choose another with --port <n>`;
  }
  if (code === 'EADDRNOTAVAIL') {
    return `${host} is not an address of this machine; choose another with --host <address> (127.0.0.1, 0.0.0.0, …)`;
  }
  return undefined;
}

/**
 * Binds `host:port` for a moment and lets it go, so that a port already taken refuses the start
 * before Nest, the sandbox processes or a Redis connection are started (and before Nest's own
 * `listen` logs the error with a stack). Port 0 always binds. Throws {@link ListenError}.
 */
export async function assertCanListen(host: string, port: number): Promise<void> {
  if (port === 0) return;
  const probe = createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', (error) => {
      const problem = listenProblem(error, host, port);
      reject(problem ? new ListenError(problem) : error);
    });
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve()));
  });
}
