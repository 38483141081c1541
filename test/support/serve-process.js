/**
 * `bin/myko-nest serve` in a child process, as a service manager runs it: on 127.0.0.1 and a free port
 * (`--port 0`; the port is read from its "MCP Streamable HTTP: …" line), in its own process group so
 * that the whole tree (launcher, server, sandbox processes) can be signalled or killed at once. The one
 * process launcher of the e2e tests (test/helpers/serve-process.ts) and the load scripts
 * (scripts/load/lib/launcher.js); plain JavaScript so that both can require it. Needs `npm run build`.
 */
const { spawn } = require('node:child_process');
const { existsSync } = require('node:fs');
const { join, resolve } = require('node:path');
const { track } = require('./leftovers');

const ROOT = resolve(__dirname, '../..');
/** The launcher MCP hosts start. */
const LAUNCHER = join(ROOT, 'bin/myko-nest');
/** What the launcher runs: `npm run build` writes it. */
const ENTRY = join(ROOT, 'dist/src/main.js');
const LISTENING = /MCP Streamable HTTP: http:\/\/127\.0\.0\.1:(\d+)\/mcp/;
const START_TIMEOUT_MS = 60_000;

/**
 * Starts `serve --port 0 …args` and resolves once it listens, or rejects (with its
 * output) when it exits first or does not listen within `startTimeoutMs`; the group is then killed.
 * `nodeArgs` go to Node before the launcher (`--no-node-snapshot` saves the launcher's re-exec);
 * `keepOutputChars` bounds the output kept (the tail). `env` defaults to this process's environment.
 * `onSpawn(killGroup)` is called at once, before it listens (a caller that must clean up on Ctrl-C).
 * `launcher` runs another installed copy (`node_modules/.bin/myko-nest` of a packed install) instead of
 * this repository's, which then needs no build here.
 * @param {{ args?: string[], nodeArgs?: string[], env?: NodeJS.ProcessEnv, cwd?: string, launcher?: string,
 *   keepOutputChars?: number, startTimeoutMs?: number, onSpawn?: (killGroup: (signal: string) => void) => void }} [options]
 */
async function launchServe(options = {}) {
  const { args = [], nodeArgs = [], env = process.env, cwd, keepOutputChars = Infinity, launcher } = options;
  if (!launcher && !existsSync(ENTRY)) throw new Error(`${ENTRY} is missing: run \`npm run build\` first.`);
  const serveArgs = [...nodeArgs, launcher ?? LAUNCHER, 'serve', '--port', '0', ...args];
  // Its own process group, so the whole tree can be killed; signals sent to `child` reach the launcher only.
  const child = spawn(process.execPath, serveArgs, { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk) => {
    output = (output + chunk).slice(-keepOutputChars);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((done) => child.once('close', (code, signal) => done({ code, signal, at: Date.now() })));
  const killGroup = (signal) => {
    try {
      process.kill(-child.pid, signal);
    } catch {
      // already gone
    }
  };
  options.onSpawn?.(killGroup);
  const forget = track(Promise.resolve(child), () => killGroup('SIGKILL'));
  exited.then(forget);
  try {
    const port = await listeningPort(child, () => output, exited, options.startTimeoutMs ?? START_TIMEOUT_MS);
    return { child, port, origin: `http://127.0.0.1:${port}`, exited, output: () => output, killGroup };
  } catch (error) {
    killGroup('SIGKILL');
    throw error;
  }
}

/** The port from the server's "MCP Streamable HTTP: http://127.0.0.1:…" line. */
function listeningPort(child, output, exited, timeoutMs) {
  return new Promise((resolvePort, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve did not start:\n${output()}`)), timeoutMs);
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
      reject(new Error(`serve exited (${signal ?? code}) before listening:\n${output()}`));
    });
  });
}

module.exports = { LAUNCHER, launchServe };
