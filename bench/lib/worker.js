/**
 * Runs one benchmark in this (fresh) process and sends its rows to the parent over IPC, so one
 * benchmark's heap, metadata and isolates never colour another's numbers.
 * Usage (by run.js): node --no-node-snapshot bench/lib/worker.js <name> [--quick]
 */
const { resolve } = require('node:path');

async function main() {
  const [name, ...flags] = process.argv.slice(2);
  const quick = flags.includes('--quick');
  const benchmark = require(resolve(__dirname, '../benchmarks', `${name}.bench.js`));
  // A benchmark may need longer than the suite's default limit (`timeoutMs` beside `run`).
  if (benchmark.timeoutMs) process.send({ type: 'timeout', ms: benchmark.timeoutMs });
  const ctx = {
    quick,
    /** `n` rounds normally, a fifth (at least 10) with --quick. */
    iterations: (n) => (quick ? Math.max(10, Math.round(n / 5)) : n),
    log: (message) => process.stderr.write(`  [${name}] ${message}\n`),
  };
  const started = performance.now();
  const rows = await benchmark.run(ctx);
  process.send({ type: 'rows', name, title: benchmark.title, rows, seconds: (performance.now() - started) / 1000 });
}

main().then(
  () => process.disconnect(),
  (error) => {
    process.send({ type: 'error', message: error?.stack ?? String(error) }, () => process.exit(1));
  },
);
