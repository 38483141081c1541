/**
 * The server under test: the real launcher (`bin/myko-nest serve`) in its own process group, on loopback,
 * a free port, a fresh SQLite file in a temp directory and the audit log written to a file there. The
 * process group (server and sandbox processes) is always killed on close, also when the caller fails.
 */
const { mkdtempSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { launchServe } = require('../../../test/support/serve-process');
const { watchHeavyClients } = require('./lane-watch');

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
 * @returns {Promise<{ pid: number, port: number, dir: string, log(): string, heavyClients: string[],
 *   close(): Promise<void> }>}
 */
async function startLauncher(extraArgs = []) {
  const dir = mkdtempSync(join(tmpdir(), 'myko-load-'));
  const args = [
    '--host',
    '127.0.0.1',
    '--db',
    join(dir, 'myko.db'),
    '--audit-log',
    join(dir, 'audit.log'),
    ...extraArgs,
  ];
  // Registered while it starts too, so that an exit of the load process then still kills it.
  const starting = { killGroup: () => undefined };
  running.add(starting);
  const onSpawn = (killGroup) => {
    starting.killGroup = killGroup;
  };
  let launched;
  try {
    launched = await launchServe({
      args,
      nodeArgs: ['--no-node-snapshot'],
      cwd: dir,
      keepOutputChars: 20_000,
      onSpawn,
    });
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  } finally {
    running.delete(starting);
  }
  const { child, port, exited, output, killGroup } = launched;
  const server = {
    pid: child.pid,
    port,
    dir,
    log: output,
    heavyClients: watchHeavyClients(child),
    killGroup,
    close: async () => {
      killGroup('SIGTERM');
      const timer = setTimeout(() => killGroup('SIGKILL'), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
      // Sandbox processes end with their IPC channel; a last SIGKILL makes sure of it.
      killGroup('SIGKILL');
      running.delete(server);
      rmSync(dir, { recursive: true, force: true });
    },
  };
  running.add(server);
  return server;
}

module.exports = { startLauncher };
