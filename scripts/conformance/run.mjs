// Starts `bin/myko-nest serve` on a free loopback port, runs the official MCP conformance suite
// against its Streamable HTTP endpoint, stops the server, and exits with the suite's status.
//
// Usage: node scripts/conformance/run.mjs [--plugin-set default|conformance] [--suite active|all|pending] [scenario ...]
//   --suite S      one `conformance server --suite S` run (the suite picks the scenarios)
//   scenario ...   one run per named scenario
//   neither        the scenarios that need no fixtures, one run each (the default profile has none)
// Prints the suite's summary and a last line "conformance: N passed, N failed" (scenarios).
import { spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const FIXTURELESS = ['server-initialize', 'ping', 'tools-list', 'resources-list', 'dns-rebinding-protection'];

function parseArgs(argv) {
  const options = { profile: 'default', suite: undefined, scenarios: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--plugin-set' || arg === '--profile' || arg === '--suite') {
      const value = argv[++i];
      if (!value || value.startsWith('--')) throw new Error(`${arg} needs a value`);
      options[arg === '--suite' ? 'suite' : 'profile'] = value;
    } else if (arg.startsWith('--')) throw new Error(`unknown option ${arg}`);
    else options.scenarios.push(arg);
  }
  if (options.suite && options.scenarios.length > 0) throw new Error('give --suite or scenarios, not both');
  if (!options.suite && options.scenarios.length === 0) options.scenarios = FIXTURELESS;
  return options;
}

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

function conformance(args) {
  const env = { ...process.env, NODE_OPTIONS: `--import=${join(root, 'scripts/conformance/node20-compat.mjs')}` };
  const bin = join(root, 'node_modules', '.bin', 'conformance');
  return spawnSync(bin, ['server', ...args], { cwd: root, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
}

/** One suite run: prints its summary; counts scenarios from the `✓|✗ name: …` lines. */
function runSuite(url, suite) {
  const run = conformance(['--url', url, '--suite', suite]);
  const out = run.stdout || '';
  const summary = out.slice(out.indexOf('=== SUMMARY ==='));
  const lines = summary.split('\n').filter((l) => /^[✓✗] /.test(l));
  console.log(summary.includes('=== SUMMARY ===') ? summary.trim() : out);
  if (run.status !== 0 || lines.length === 0) console.log(run.stderr || '');
  const failed = lines.filter((l) => l.startsWith('✗')).length + (lines.length === 0 ? 1 : 0);
  // A non-zero exit with every scenario ticked still counts as a failure.
  const extra = run.status !== 0 && failed === 0 ? 1 : 0;
  return { passed: lines.length - failed, failed: failed + extra };
}

/** One run per scenario, with its per-check lines on failure. */
function runScenarios(url, scenarios) {
  let failed = 0;
  for (const scenario of scenarios) {
    const run = conformance(['--url', url, '--scenario', scenario]);
    const summary = (run.stdout || '').split('\n').filter((l) => /Passed:|FAILURE|WARNING/.test(l));
    console.log(`${run.status === 0 ? 'PASS' : 'FAIL'} ${scenario}\n  ${summary.join('\n  ')}`);
    if (run.status !== 0) {
      failed++;
      console.log(run.stdout, run.stderr);
    }
  }
  return { passed: scenarios.length - failed, failed };
}

const options = parseArgs(process.argv.slice(2));
const port = await freePort();
const serveArgs = ['serve', '--port', String(port), '--db', ':memory:'];
if (options.profile !== 'default') serveArgs.push('--plugin-set', options.profile);
const server = spawn(process.execPath, [join(root, 'bin', 'myko-nest'), ...serveArgs], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
});
let result = { passed: 0, failed: 1 };
try {
  await waitForHealth(`http://127.0.0.1:${port}/health`, server);
  const url = `http://127.0.0.1:${port}/mcp`;
  console.log(`conformance against ${url} (profile ${options.profile})`);
  result = options.suite ? runSuite(url, options.suite) : runScenarios(url, options.scenarios);
} catch (error) {
  console.error(`conformance: ${error.message}`);
} finally {
  server.kill('SIGTERM');
}
console.log(`conformance: ${result.passed} passed, ${result.failed} failed`);
process.exit(result.failed === 0 ? 0 : 1);
