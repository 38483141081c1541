/**
 * `npm run soak`: moderate load on the real launcher for 10 minutes (`--minutes`), sampling the server's
 * RSS (server + sandbox processes, from /proc) and live isolates (`GET /health`) every few seconds. After a
 * warm-up the idle server gives the baseline; after the load and a settle period, RSS must be back within
 * the tolerance of the working set (see soak-report.js), flat over the run, and live isolates back to
 * the warm pool. Writes bench/results/soak-latest.md; exit code 1
 * when memory did not come back or any request failed.
 */
const { mkdirSync, mkdtempSync, writeFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { writeKeyedConfig } = require('./lib/client-keys');
const { startLauncher } = require('./lib/launcher');
const { runPhase } = require('./lib/load-phase');
const { header } = require('./lib/load-report');
const { parseFlags, usage } = require('./lib/options');
const { idleSample } = require('./lib/server-monitor');
const { figuresTable, returnedToBaseline, series } = require('./lib/soak-report');

const FLAGS = {
  minutes: { default: 10, help: 'minutes of load' },
  clients: { default: 50, help: 'honest clients (even: HTTP, odd: WebSocket)' },
  'think-ms': { default: 2000, help: 'mean pause of a client between its requests' },
  warmup: { default: 180, help: 'seconds of load before the baseline (the heap reaches its working size)' },
  settle: { default: 30, help: 'seconds of quiet before the baseline and the "after" figures' },
  sample: { default: 5, help: 'seconds between samples' },
};
const OUTPUT = join(__dirname, '../../bench/results/soak-latest.md');

async function settled(server, seconds) {
  await idleSample(server);
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  return idleSample(server);
}

async function main() {
  const { help, values } = parseFlags(process.argv.slice(2), FLAGS);
  if (help) return void process.stdout.write(usage('npm run soak --', FLAGS));
  const load = { clients: values.clients, thinkMs: values['think-ms'], hostile: false };
  const configPath = writeKeyedConfig(mkdtempSync(join(tmpdir(), 'myko-load-config-')), values.clients);
  const server = await startLauncher(['--config', configPath]);
  try {
    const warmup = await runPhase(server, { ...load, durationMs: values.warmup * 1000 });
    const baseline = await settled(server, values.settle);
    const soak = await runPhase(server, {
      ...load,
      phase: 1,
      durationMs: values.minutes * 60_000,
      sampleEveryMs: values.sample * 1000,
    });
    const after = await settled(server, values.settle);
    const summary = soak.recorder.summary();
    const failures = summary.protocolErrors + soak.recorder.toolErrorCount + warmup.recorder.protocolErrors;
    const back = returnedToBaseline(baseline, after, soak.samples);
    const all = summary.rows.all;
    const markdown = [
      header('Soak', values),
      `${summary.seconds.toFixed(0)} s of load: ${all?.n ?? 0} requests (${(all?.rps ?? 0).toFixed(1)} req/s), p50 ${all?.p50.toFixed(1)} ms, p99 ${all?.p99.toFixed(1)} ms; protocol errors **${summary.protocolErrors}**, tool errors **${JSON.stringify(summary.toolErrors)}**.`,
      figuresTable(baseline, soak.samples, after),
      `## Samples\n\n${series(soak.samples, soak.recorder.startedAt)}`,
      `## Verdict\n\n${back.lines.join('\n')}\n- ${failures === 0 ? 'met' : '**FAILED**'}: ${failures} failed requests (must be 0)\n`,
    ].join('\n\n');
    mkdirSync(join(OUTPUT, '..'), { recursive: true });
    writeFileSync(OUTPUT, markdown);
    process.stdout.write(`${markdown}\n(written to ${OUTPUT})\n`);
    process.exitCode = back.ok && failures === 0 ? 0 : 1;
  } finally {
    await server.close();
  }
}

main().catch((error) => {
  process.stderr.write(`soak: ${error.stack ?? error}\n`);
  process.exitCode = 1;
});
