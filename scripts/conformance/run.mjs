// Starts `bin/myko-nest serve` on a free loopback port (or, with --instances N, the scale-out deployment of
// deployment.mjs), runs the official MCP conformance suite against its Streamable HTTP endpoint, stops it,
// and exits with the suite's status.
//
// Usage: node scripts/conformance/run.mjs [--plugin-set default|conformance] [--instances N]
//          [--suite S | --requirements REV] [scenario ...]
//   --instances N  N ≥ 2: redis-server + N `serve --redis` instances on one SQLite file + a round-robin proxy
//   --suite S      one `conformance server --suite S` run with 0.1.16 (the suite picks the scenarios)
//   --requirements REV  one run of the 0.2.0 alpha (`conformance-alpha`) scored against revision REV
//                  (2025-11-25: stateful sessions; 2026-07-28: stateless); its unscored scenarios are
//                  listed on their own and never fail the run
//   --alpha        the named scenarios are the 0.2.0 alpha's (`tasks-*`, say), run by it one at a time
//   scenario ...   one run per named scenario
//   neither        the scenarios that need no fixtures, one run each (the default profile has none)
// Prints the suite's summary and a last line "conformance: N passed, N failed" (scenarios).
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startDeployment } from './deployment.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const FIXTURELESS = ['server-initialize', 'ping', 'tools-list', 'resources-list', 'dns-rebinding-protection'];

function parseArgs(argv) {
  const options = {
    profile: 'default',
    suite: undefined,
    requirements: undefined,
    instances: 1,
    alpha: false,
    scenarios: [],
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--alpha') options.alpha = true;
    else if (['--plugin-set', '--profile', '--suite', '--requirements', '--instances'].includes(arg)) {
      const value = argv[++i];
      if (!value || value.startsWith('--')) throw new Error(`${arg} needs a value`);
      options[arg === '--plugin-set' ? 'profile' : arg.slice(2)] = value;
    } else if (arg.startsWith('--')) throw new Error(`unknown option ${arg}`);
    else options.scenarios.push(arg);
  }
  const picked = [options.suite, options.requirements, options.scenarios.length > 0 ? 'x' : undefined];
  if (picked.filter(Boolean).length > 1) throw new Error('give one of --suite, --requirements or scenarios');
  if (!options.suite && !options.requirements && options.scenarios.length === 0) options.scenarios = FIXTURELESS;
  options.instances = Number(options.instances);
  if (!Number.isInteger(options.instances) || options.instances < 1) throw new Error('--instances needs a count ≥ 1');
  return options;
}

// Both releases install a `conformance` bin; each is run by its own path so neither shadows the other.
const RUNNERS = {
  stable: join(root, 'node_modules', '@modelcontextprotocol', 'conformance', 'dist', 'index.js'),
  alpha: join(root, 'node_modules', 'conformance-alpha', 'dist', 'index.js'),
};

function conformance(args, runner = 'stable') {
  return spawnSync(process.execPath, [RUNNERS[runner], 'server', ...args], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
}

/**
 * One alpha run scored against a revision. The summary lists every scenario it ran; those under
 * "Not scored" (the tasks extension, pending ones) are reported apart and do not count.
 */
function runRequirements(url, revision) {
  const run = conformance(['--url', url, '--requirements', revision], 'alpha');
  const out = run.stdout || '';
  const summary = out.slice(out.indexOf('=== SUMMARY ==='));
  const notScoredAt = summary.indexOf('Not scored');
  const unscored = new Set(
    [...(notScoredAt < 0 ? '' : summary.slice(notScoredAt)).matchAll(/^\s+[✓✗] (\S+)/gm)].map((m) => m[1]),
  );
  const lines = summary.split('\n').filter((l) => /^[✓✗] /.test(l));
  const scored = lines.filter((l) => !unscored.has(l.slice(2).split(':')[0]));
  const failedLines = scored.filter((l) => l.startsWith('✗'));
  console.log(`revision ${revision}: ${scored.length} scored scenarios`);
  for (const line of scored) console.log(line);
  console.log(`not scored (reported, never counted): ${unscored.size}`);
  for (const line of lines.filter((l) => unscored.has(l.slice(2).split(':')[0]))) console.log(`  ${line}`);
  if (scored.length === 0) console.log(out, run.stderr || '');
  const failed = failedLines.length + (scored.length === 0 ? 1 : 0);
  return { passed: scored.length - failedLines.length, failed };
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

/** One run per scenario (by the stable suite, or the alpha), with its per-check lines on failure. */
function runScenarios(url, scenarios, runner = 'stable') {
  let failed = 0;
  for (const scenario of scenarios) {
    const run = conformance(['--url', url, '--scenario', scenario], runner);
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
let result = { passed: 0, failed: 1 };
let deployment;
try {
  deployment = await startDeployment({ root, profile: options.profile, instances: options.instances });
  const { url } = deployment;
  console.log(`conformance against ${url} (profile ${options.profile}, ${deployment.description})`);
  if (options.requirements) result = runRequirements(url, options.requirements);
  else if (options.suite) result = runSuite(url, options.suite);
  else result = runScenarios(url, options.scenarios, options.alpha ? 'alpha' : 'stable');
} catch (error) {
  console.error(`conformance: ${error.message}`);
} finally {
  await deployment?.stop();
}
console.log(`conformance: ${result.passed} passed, ${result.failed} failed`);
process.exit(result.failed === 0 ? 0 : 1);
