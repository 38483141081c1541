// A real `redis-server` for tests, the conformance runner and the bench (plain CommonJS so all three share
// it; types in redis-server.d.ts).
const { spawn } = require('node:child_process');
const { mkdirSync, mkdtempSync, rmSync } = require('node:fs');
const { connect, createServer } = require('node:net');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { track } = require('../support/leftovers');

/** On PATH (Debian's `redis-server` package puts it in /usr/bin; `.ci/run` installs it); `REDIS_SERVER` overrides. */
const REDIS_SERVER = process.env.REDIS_SERVER ?? 'redis-server';
const READY_TIMEOUT_MS = 10_000;

/**
 * @returns {Promise<import('./redis-server').RedisServer>} once it answers PING; stopped with the test file
 * when its own hooks did not (test/support/leftovers.js).
 */
function startRedisServer() {
  let forget = () => undefined;
  const starting = startTracked(() => forget());
  forget = track(starting, (server) => server.stop());
  return starting;
}

async function startTracked(forget) {
  const dir = mkdtempSync(join(tmpdir(), 'myko-redis-'));
  const port = await freePort();
  let out = '';
  /** @type {import('node:child_process').ChildProcess | undefined} */
  let child;
  let exited = Promise.resolve();
  const alive = () => child !== undefined && child.exitCode === null && child.signalCode === null;

  const onExit = () => child?.kill('SIGKILL');
  const launch = async () => {
    mkdirSync(dir, { recursive: true });
    process.removeListener('exit', onExit);
    process.once('exit', onExit);
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
  const end = async (signal) => {
    if (alive()) child.kill(signal);
    await exited;
    child = undefined;
  };
  await launch();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    get running() {
      return alive();
    },
    async stop() {
      forget();
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

function spawnRedis(port, dir, collect) {
  const child = spawn(
    REDIS_SERVER,
    [
      ...['--port', String(port), '--bind', '127.0.0.1', '--dir', dir],
      ...['--save', '', '--appendonly', 'no', '--daemonize', 'no', '--protected-mode', 'yes'],
      ...['--loglevel', 'warning', '--logfile', ''],
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stdout.on('data', (chunk) => collect(chunk.toString()));
  child.stderr.on('data', (chunk) => collect(chunk.toString()));
  const exited = new Promise((resolve) => {
    child.once('close', () => resolve());
    child.once('error', (error) => {
      collect(`${error.message} (install Debian's redis-server package, or set REDIS_SERVER)\n`);
      resolve();
    });
  });
  return { child, exited };
}

/** A port the kernel just handed out (redis-server cannot bind port 0 and report it). */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function waitForPong(port) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (await ping(port)) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`redis-server on port ${port} did not answer PING within ${READY_TIMEOUT_MS} ms`);
}

/** One inline `PING`; true on `+PONG` (a server still loading answers `-LOADING`). */
function ping(port) {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let reply = '';
    const done = (ok) => {
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

module.exports = { startRedisServer };
