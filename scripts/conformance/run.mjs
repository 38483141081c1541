// Starts `bin/myko-nest serve` on a free loopback port, runs the official MCP conformance suite
// against its Streamable HTTP endpoint, stops the server, and exits with the suite's status.
// Usage: node scripts/conformance/run.mjs [scenario ...]   (default: the scenarios that need no fixtures)
import { spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const FIXTURELESS = ['server-initialize', 'ping', 'tools-list', 'resources-list', 'dns-rebinding-protection'];
const scenarios = process.argv.slice(2).length > 0 ? process.argv.slice(2) : FIXTURELESS;

const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });

async function waitForHealth(url, server) {
  for (let i = 0; i < 200; i++) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server not healthy at ${url}`);
}

const port = await freePort();
const server = spawn(
  process.execPath,
  [join(root, 'bin', 'myko-nest'), 'serve', '--port', String(port), '--db', ':memory:'],
  {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
  },
);
let failed = 0;
try {
  await waitForHealth(`http://127.0.0.1:${port}/health`, server);
  const env = { ...process.env, NODE_OPTIONS: `--import=${join(root, 'scripts/conformance/node20-compat.mjs')}` };
  const bin = join(root, 'node_modules', '.bin', 'conformance');
  for (const scenario of scenarios) {
    const args = ['server', '--url', `http://127.0.0.1:${port}/mcp`, '--scenario', scenario];
    const run = spawnSync(bin, args, { cwd: root, env, encoding: 'utf8' });
    const summary = (run.stdout || '').split('\n').filter((l) => /Passed:|FAILURE|WARNING/.test(l));
    console.log(`${run.status === 0 ? 'PASS' : 'FAIL'} ${scenario}\n  ${summary.join('\n  ')}`);
    if (run.status !== 0) {
      failed++;
      console.log(run.stdout, run.stderr);
    }
  }
} finally {
  server.kill('SIGTERM');
}
console.log(`conformance: ${scenarios.length - failed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
