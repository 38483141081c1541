/**
 * `npm run bench` (builds first) or `node --no-node-snapshot bench/run.js [name …] [--quick]`.
 * Runs every benchmark of `benchmarks/index.js` (or the named ones), each in its own Node process,
 * prints one Markdown table and writes bench/results/latest.json and latest.md.
 */
const { fork } = require('node:child_process');
const { mkdirSync, writeFileSync } = require('node:fs');
const os = require('node:os');
const { join } = require('node:path');
const SUITE = require('./benchmarks');
const { markdownTable } = require('./lib/report');

const RESULTS_DIR = join(__dirname, 'results');
/**
 * A benchmark still running after this long is stopped and reported as failed, unless it exports a
 * `timeoutMs` of its own (the worker reports it as it starts).
 */
const BENCHMARK_TIMEOUT_MS = 180_000;

function parseArgs(argv) {
  const quick = argv.includes('--quick');
  const names = argv.filter((arg) => !arg.startsWith('--'));
  const unknown = names.filter((name) => !SUITE.includes(name));
  if (unknown.length > 0) throw new Error(`Unknown benchmark(s): ${unknown.join(', ')}. Known: ${SUITE.join(', ')}`);
  return { quick, names: names.length > 0 ? SUITE.filter((name) => names.includes(name)) : SUITE };
}

/** Runs one benchmark in a child process; resolves its rows or rejects with its error. */
function runInChild(name, quick) {
  const execArgv = [...new Set([...process.execArgv, '--no-node-snapshot'])];
  const child = fork(join(__dirname, 'lib/worker.js'), quick ? [name, '--quick'] : [name], {
    execArgv,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    let outcome;
    const stopAfter = (ms) =>
      setTimeout(() => {
        outcome = { type: 'error', message: `timed out after ${ms / 1000} s` };
        child.kill('SIGKILL');
      }, ms);
    let timer = stopAfter(BENCHMARK_TIMEOUT_MS);
    child.on('message', (message) => {
      if (message?.type === 'timeout') {
        clearTimeout(timer);
        timer = stopAfter(message.ms);
      } else {
        outcome = message;
      }
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (outcome?.type === 'rows') resolve(outcome);
      else reject(new Error(outcome?.message ?? `exited with ${signal ?? `code ${code}`} before reporting`));
    });
  });
}

function environment() {
  return {
    date: new Date().toISOString(),
    node: process.version,
    platform: `${os.platform()} ${os.arch()}`,
    cpus: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'unknown'}`,
    loadavg: os.loadavg().map((load) => Number(load.toFixed(2))),
    memoryGb: Number((os.totalmem() / 2 ** 30).toFixed(1)),
  };
}

async function main() {
  const { quick, names } = parseArgs(process.argv.slice(2));
  const env = environment();
  process.stderr.write(`Benchmarks: ${names.join(', ')}${quick ? ' (quick)' : ''} — Node ${env.node}, ${env.cpus}\n`);
  const results = [];
  const failures = [];
  for (const name of names) {
    process.stderr.write(`▶ ${name}\n`);
    try {
      const result = await runInChild(name, quick);
      process.stderr.write(`✓ ${name} (${result.seconds.toFixed(1)} s)\n`);
      results.push(result);
    } catch (error) {
      process.stderr.write(`✗ ${name}: ${error.message}\n`);
      failures.push({ name, error: error.message });
    }
  }
  const rows = results.flatMap((result) => result.rows);
  const table = markdownTable(rows);
  const heading = `Node ${env.node} · ${env.cpus} · load ${env.loadavg.join(' ')} · ${env.date}${quick ? ' · quick' : ''}`;
  process.stdout.write(`\n${heading}\n\n${table}\n`);
  if (failures.length > 0) process.stdout.write(`\nFailed: ${failures.map((f) => f.name).join(', ')}\n`);
  mkdirSync(RESULTS_DIR, { recursive: true });
  writeFileSync(join(RESULTS_DIR, 'latest.json'), `${JSON.stringify({ env, quick, results, failures }, null, 2)}\n`);
  writeFileSync(join(RESULTS_DIR, 'latest.md'), `${heading}\n\n${table}\n`);
  process.exitCode = failures.length > 0 ? 1 : 0;
}

main().catch((error) => {
  process.stderr.write(`${error.stack ?? error}\n`);
  process.exitCode = 1;
});
