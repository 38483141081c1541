import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** On PATH (Debian's `redis-server` package puts it in /usr/bin; `.ci/run` installs it); `REDIS_SERVER` overrides. */
const REDIS_SERVER = process.env.REDIS_SERVER ?? 'redis-server';
const READY_TIMEOUT_MS = 10_000;

/**
 * A real `redis-server` on 127.0.0.1 and a free port, without persistence (no RDB, no AOF), for one test
 * file. The test must stop it (`stop()` in `afterAll`); a process exit kills what is left anyway.
 */
export interface RedisServer {
  /** `redis://127.0.0.1:<port>` */
  url: string;
  port: number;
  /** Whether a server is running now (false between `stop()`/`kill()` and `restart()`). */
  readonly running: boolean;
  /** SIGTERM and wait until it is gone. Idempotent. */
  stop(): Promise<void>;
  /** SIGKILL (a crashed Redis) and wait until it is gone. Idempotent. */
  kill(): Promise<void>;
  /** Stops it if it runs, then starts an empty one on the same port (an outage and recovery). */
  restart(): Promise<void>;
  /** What the server wrote to stdout and stderr, across restarts. */
  output(): string;
}

/** Starts `redis-server` and resolves once it answers PING. */
export async function startRedisServer(): Promise<RedisServer> {
  const dir = mkdtempSync(join(tmpdir(), 'myko-redis-'));
  const port = await freePort();
  let out = '';
  let child: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();

  const launch = async () => {
    const started = spawnRedis(port, dir, (text) => {
      out += text;
    });
    child = started.child;
    exited = started.exited;
    await Promise.race([
      waitForPong(port),
      exited.then(() => {
        throw new Error(`redis-server on port ${port} exited at start-up: ${out}`);
      }),
    ]);
  };
  const end = async (signal: NodeJS.Signals) => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
    child = undefined;
  };
  const onExit = () => child?.kill('SIGKILL');
  process.once('exit', onExit);

  await launch();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    get running() {
      return child !== undefined && child.exitCode === null && child.signalCode === null;
    },
    async stop() {
      await end('SIGTERM');
      process.removeListener('exit', onExit);
      rmSync(dir, { recursive: true, force: true });
    },
    kill: () => end('SIGKILL'),
    async restart() {
      await end('SIGTERM');
      await launch();
    },
    output: () => out,
  };
}

function spawnRedis(port: number, dir: string, collect: (text: string) => void) {
  const child = spawn(
    REDIS_SERVER,
    [
      ...['--port', String(port), '--bind', '127.0.0.1', '--dir', dir],
      ...['--save', '', '--appendonly', 'no', '--daemonize', 'no', '--protected-mode', 'yes'],
      ...['--loglevel', 'warning', '--logfile', ''],
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stdout?.on('data', (chunk: Buffer) => collect(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => collect(chunk.toString()));
  const exited = new Promise<void>((resolve) => {
    child.once('close', () => resolve());
    child.once('error', (error) => {
      collect(`${error.message} (install Debian's redis-server package, or set REDIS_SERVER)\n`);
      resolve();
    });
  });
  return { child, exited };
}

/** A port the kernel just handed out (redis-server cannot bind port 0 and report it). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function waitForPong(port: number): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (await ping(port)) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`redis-server on port ${port} did not answer PING within ${READY_TIMEOUT_MS} ms`);
}

/** One RESP `PING`; true on `+PONG` (a loading server answers `-LOADING`). */
function ping(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let reply = '';
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk) => {
      reply += chunk.toString();
      if (reply.includes('\r\n')) done(reply.startsWith('+PONG'));
    });
  });
}
