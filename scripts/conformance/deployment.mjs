// What the conformance suite runs against: one `myko-nest serve` on a free loopback port, or (`--instances N`,
// N ≥ 2) the scale-out deployment — a real redis-server, N instances with `--redis` on one SQLite file, and
// the suites' per-request round-robin proxy in front (test/helpers, shared with the e2e suites and the bench).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const require = createRequire(import.meta.url);

const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });

async function waitForHealth(url, server) {
  for (let i = 0; i < 300; i++) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server not healthy at ${url}`);
}

async function startInstance(root, profile, extraArgs) {
  const port = await freePort();
  const args = ['serve', '--port', String(port), ...extraArgs];
  if (profile !== 'default') args.push('--plugin-set', profile);
  const server = spawn(process.execPath, [join(root, 'bin', 'myko-nest'), ...args], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const origin = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(`${origin}/health`, server);
  } catch (error) {
    server.kill('SIGKILL');
    throw error;
  }
  return { server, origin };
}

/**
 * @param {{ root: string, profile: string, instances: number }} options
 * @returns {Promise<{ url: string, description: string, stop(): Promise<void> }>}
 */
export async function startDeployment({ root, profile, instances }) {
  if (instances < 2) {
    const { server, origin } = await startInstance(root, profile, ['--db', ':memory:']);
    return { url: `${origin}/mcp`, description: 'one instance', stop: async () => void server.kill('SIGTERM') };
  }
  const { startRedisServer } = require(join(root, 'test/helpers/redis-server.js'));
  // In its own process: this runner blocks its event loop in spawnSync while the suite runs.
  const { forkRoundRobinProxy } = require(join(root, 'test/helpers/round-robin.proxy.js'));
  const dir = mkdtempSync(join(tmpdir(), 'myko-conformance-'));
  // No requestState key: the instances share the one they generate in Redis, which the 2026-07-28 input
  // rounds (MRTR) answered through another instance prove (docs/scale-out.md).
  const config = join(dir, 'myko.config.json');
  writeFileSync(config, JSON.stringify({ auth: { required: false } }));
  const redis = await startRedisServer();
  const args = ['--db', join(dir, 'myko.db'), '--redis', redis.url, '--config', config];
  const started = await Promise.allSettled(Array.from({ length: instances }, () => startInstance(root, profile, args)));
  const running = started.filter((r) => r.status === 'fulfilled').map((r) => r.value);
  const stopAll = async () => {
    for (const { server } of running) server.kill('SIGTERM');
    await Promise.all(running.map(({ server }) => new Promise((resolve) => server.once('close', resolve))));
    await redis.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  const failure = started.find((r) => r.status === 'rejected');
  if (failure) {
    await stopAll();
    throw failure.reason;
  }
  const proxy = await forkRoundRobinProxy(running.map(({ origin }) => origin));
  return {
    url: proxy.mcpUrl.href,
    description: `${instances} instances on Redis behind a round-robin proxy`,
    async stop() {
      await proxy.close();
      await stopAll();
    },
  };
}
