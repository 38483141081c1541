/**
 * The server under test: the real launcher (`bin/myko-nest serve`) in its own process group, on loopback,
 * a free port, a fresh SQLite file in a temp directory and the audit log written to a file there. The
 * process group (server and sandbox processes) is always killed on close, also when the caller fails.
 */
const { spawn } = require('node:child_process');
const { existsSync, mkdtempSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join, resolve } = require('node:path');

const ROOT = resolve(__dirname, '../../..');
const LAUNCHER = join(ROOT, 'bin/myko-nest');
const ENTRY = join(ROOT, 'dist/src/main.js');
const LISTENING = /MCP Streamable HTTP: http:\/\/127\.0\.0\.1:(\d+)\/mcp/;
const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 10_000;

/** Every launched server, so that an exit of the load process (error, Ctrl-C) still kills them. */
const running = new Set();
process.once('exit', () => {
  for (const server of running) server.killGroup('SIGKILL');
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    for (const server of running) server.killGroup('SIGKILL');
    process.exit(130);
  });
}

/**
 * Starts the server; `--port 0` lets the OS pick a free port, which the server then logs. `extraArgs` go
 * to `serve` as given (e.g. `--config <file>`).
 * @returns {Promise<{ pid: number, port: number, dir: string, log(): string, close(): Promise<void> }>}
 */
async function startLauncher(extraArgs = []) {
  if (!existsSync(ENTRY)) throw new Error(`${ENTRY} is missing: run \`npm run build\` first.`);
  const dir = mkdtempSync(join(tmpdir(), 'myko-load-'));
  const args = ['--no-node-snapshot', LAUNCHER, 'serve', '--host', '127.0.0.1', '--port', '0'];
  args.push('--db', join(dir, 'myko.db'), '--audit-log', join(dir, 'audit.log'), ...extraArgs);
  const child = spawn(process.execPath, args, { cwd: dir, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk) => {
    output = (output + chunk).slice(-20_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((done) => child.once('exit', (code, signal) => done({ code, signal })));
  const server = {
    pid: child.pid,
    port: 0,
    dir,
    log: () => output,
    killGroup: (signal) => {
      try {
        process.kill(-child.pid, signal);
      } catch {
        // already gone
      }
    },
    close: async () => {
      server.killGroup('SIGTERM');
      const timer = setTimeout(() => server.killGroup('SIGKILL'), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
      // Sandbox processes end with their IPC channel; a last SIGKILL makes sure of it.
      server.killGroup('SIGKILL');
      running.delete(server);
      rmSync(dir, { recursive: true, force: true });
    },
  };
  running.add(server);
  try {
    server.port = await listeningPort(child, () => output, exited);
  } catch (error) {
    await server.close();
    throw error;
  }
  return server;
}

/** The port from the server's "MCP Streamable HTTP: …" log line. */
function listeningPort(child, output, exited) {
  return new Promise((resolvePort, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output()}`)), START_TIMEOUT_MS);
    const check = () => {
      const match = LISTENING.exec(output());
      if (!match) return;
      clearTimeout(timer);
      child.stdout.off('data', check);
      resolvePort(Number(match[1]));
    };
    child.stdout.on('data', check);
    exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${signal ?? code}) before listening:\n${output()}`));
    });
  });
}

module.exports = { startLauncher };
