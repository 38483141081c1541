// What CI runs (`npm run conformance`): the whole official suite (0.1.16) once against the
// conformance profile (`serve --plugin-set conformance`, which has every fixture the suite names), the
// 0.2.0 alpha scored against both eras the server speaks on one endpoint (2025-11-25 sessions,
// 2026-07-28 stateless requests) and its tasks-* scenarios one by one, then the scenarios that need no fixtures against the default
// profile (what users actually run); then the three conformance-profile runs again against two instances on
// Redis behind a per-request round-robin proxy (the scale-out deployment, no sticky sessions).
// Ends with "conformance: N passed, N failed" over both runs (scenarios).
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const runner = join(dirname(fileURLToPath(import.meta.url)), 'run.mjs');
/** The alpha's tasks extension scenarios (SEP-2663): unscored in the requirement runs, so run and counted apart. */
const TASKS_SCENARIOS = [
  'tasks-lifecycle',
  'tasks-capability-negotiation',
  'tasks-wire-fields',
  'tasks-request-state-removal',
  'tasks-mrtr-input',
  'tasks-request-headers',
  'tasks-dispatch-and-envelope',
  'tasks-status-notifications',
  'tasks-required-task-error',
  'tasks-mrtr-composition',
];
const runs = [
  ['--plugin-set', 'conformance', '--suite', 'all'],
  ['--plugin-set', 'conformance', '--requirements', '2025-11-25'],
  ['--plugin-set', 'conformance', '--requirements', '2026-07-28'],
  ['--plugin-set', 'conformance', '--alpha', ...TASKS_SCENARIOS],
  ['--plugin-set', 'default'],
  // Scale-out: the same suites through a round-robin proxy in front of two instances on one Redis.
  ['--plugin-set', 'conformance', '--instances', '2', '--suite', 'all'],
  ['--plugin-set', 'conformance', '--instances', '2', '--requirements', '2025-11-25'],
  ['--plugin-set', 'conformance', '--instances', '2', '--requirements', '2026-07-28'],
  ['--plugin-set', 'conformance', '--instances', '2', '--alpha', ...TASKS_SCENARIOS],
];

let passed = 0;
let failed = 0;
for (const args of runs) {
  console.log(`\n=== node scripts/conformance/run.mjs ${args.join(' ')}`);
  const run = spawnSync(process.execPath, [runner, ...args], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  process.stdout.write(run.stdout || '');
  const last = /conformance: (\d+) passed, (\d+) failed\s*$/.exec(run.stdout || '');
  passed += last ? Number(last[1]) : 0;
  failed += last ? Number(last[2]) : 1;
  if (run.status !== 0 && (!last || last[2] === '0')) failed++;
}
console.log(`\nconformance: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
