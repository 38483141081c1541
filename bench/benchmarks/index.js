/**
 * The suite, in run order. A benchmark is one file `benchmarks/<name>.bench.js` exporting
 * `{ title, run(ctx) }`, where `run` resolves an array of rows (`lib/report.js` `row()`); add its
 * name here. Each one runs in a fresh Node process (see `lib/worker.js`).
 */
module.exports = [
  'context',
  'agent-tasks',
  'search',
  'search-page',
  'search-cost',
  'search-quality',
  'execute-floor',
  'type-check',
  'script-scan',
  'bridge',
  'journal',
  'resume',
  'chain',
  'throughput',
  'embedding',
  'io-bound',
  'work-conserving',
  'server-cpu',
  'observability',
  'admin',
  'memory',
  'live',
  'scale-out',
  'floods',
  'openapi',
];
