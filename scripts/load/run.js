/**
 * `npm run load`: 200 honest MCP clients (half Streamable HTTP, half WebSocket) against the real launcher
 * for 60 s (after an unmeasured warm-up), mixing `search`, `execute` and `resources/read`; with `--hostile`, a
 * second phase of the same load with a hostile client attacking the sandbox alongside. Prints and writes
 * bench/results/load-latest.md. With `--same-key`, instead: 20 honest conversations and then the same with one hostile
 * conversation (runaway scripts, call floods), all under one API key (`lib/same-key.js`).
 * Exit code 1 on any protocol error, any honest tool error, any escape, or a changed stock ledger.
 */
const { mkdirSync, mkdtempSync, writeFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { writeKeyedConfig } = require('./lib/client-keys');
const { startLauncher } = require('./lib/launcher');
const { runPhase } = require('./lib/load-phase');
const { containmentTable, header, hostileSection, laneLine, phaseSection } = require('./lib/load-report');
const { parseFlags, usage } = require('./lib/options');
const { sameKeyChecks, sameKeyOptions, tenantLaneLine } = require('./lib/same-key');
const { idleSample } = require('./lib/server-monitor');
const { ledgerDifferences, readLedger } = require('./lib/stock-ledger');

const FLAGS = {
  duration: { default: 60, help: 'seconds of load per phase' },
  clients: { default: 200, help: 'honest clients (even: HTTP, odd: WebSocket)' },
  'think-ms': { default: 2000, help: "mean pause of a client between its requests (an agent's turn)" },
  hostile: { default: false, help: 'add a second phase with a hostile client (containment)' },
  'same-key': {
    default: false,
    help: 'instead: honest conversations and one hostile conversation (runaway scripts, call floods) under one API key',
  },
  'same-key-clients': { default: 20, help: 'honest conversations of the shared key with --same-key' },
  edge: {
    default: true,
    help: 'the hostile client attacks the edge too (sessions, sockets, replay); --edge=false: sandbox only',
  },
  attacks: {
    default: '',
    help: 'only the hostile attacks whose name holds one of these comma-separated parts (default: all)',
  },
  settle: { default: 5, help: 'seconds of quiet before the "after" memory figures' },
  warmup: {
    default: 15,
    help: 'seconds of the same honest load before the measured phases, not measured (JIT, caches, pools)',
  },
};
/** The warm-up sends a mix of its own, so the measured phases' scripts are as new to the server as ever. */
const WARMUP_PHASE = 2;
/** Target of the containment phase: honest p99 with the hostile client at most this times without it. */
const MAX_P99_RATIO = 2;
const OUTPUT = join(__dirname, '../../bench/results/load-latest.md');

async function settledSample(server, seconds) {
  await idleSample(server);
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  return idleSample(server);
}

async function phase(server, options, before) {
  const result = await runPhase(server, options);
  return { ...result, before, after: await settledSample(server, options.settle) };
}

/** Pass/fail lines; `ok` is false when anything must fail the run. `sameKey`: add the one-tenant checks. */
function verdict(phases, tally, ledger, warmup, sameKey = false) {
  const lines = [];
  let ok = true;
  const check = (pass, text, fatal = true) => {
    lines.push(`- ${pass ? 'met' : fatal ? '**FAILED**' : '**missed**'}: ${text}`);
    if (!pass && fatal) ok = false;
  };
  for (const [name, p] of warmup ? [['warm-up', warmup], ...phases] : phases) {
    check(p.recorder.protocolErrors === 0, `${name}: ${p.recorder.protocolErrors} protocol errors (must be 0)`);
    check(p.recorder.toolErrorCount === 0, `${name}: ${p.recorder.toolErrorCount} honest tool errors (must be 0)`);
  }
  if (tally) {
    check(tally.escapes.length === 0, `${tally.escapes.length} escapes in ${tally.runs} hostile runs (must be 0)`);
    check(
      tally.protocolErrors.length === 0,
      `${tally.protocolErrors.length} protocol errors answering the hostile client`,
    );
    const [calm, attacked] = [phases[0][1], phases[1][1]].map((p) => p.recorder.summary().rows.all.p99);
    check(
      attacked / calm <= MAX_P99_RATIO,
      `honest p99 with the hostile client ${(attacked / calm).toFixed(2)}× without it (target ≤ ${MAX_P99_RATIO}×)`,
      false,
    );
  }
  if (sameKey) sameKeyChecks(phases[0][1], phases[1][1], check);
  check(ledger.length === 0, `stock ledger unchanged by the load${ledger.length ? `: ${ledger.join('; ')}` : ''}`);
  return { ok, text: lines.join('\n') };
}

async function main() {
  const { help, values } = parseFlags(process.argv.slice(2), FLAGS);
  if (help) return void process.stdout.write(usage('npm run load --', FLAGS));
  const sameKey = values['same-key'];
  const general = {
    clients: values.clients,
    durationMs: values.duration * 1000,
    thinkMs: values['think-ms'],
    settle: values.settle,
    edge: values.edge,
    attacks: values.attacks || undefined,
  };
  const options = sameKey ? sameKeyOptions(general, values) : general;
  const [names, titles] = sameKey
    ? [
        ['honest conversations of one key', 'the same + one hostile conversation of that key'],
        ['Honest conversations of one key', 'The same with one hostile conversation of that key'],
      ]
    : [
        ['honest load', 'honest load + hostile client'],
        ['Honest load', 'Honest load with a hostile client'],
      ];
  const configPath = writeKeyedConfig(mkdtempSync(join(tmpdir(), 'myko-load-config-')), values.clients);
  const server = await startLauncher(['--config', configPath]);
  try {
    const ledgerBefore = await readLedger(server.port);
    // A new server's first seconds (the type checker's JIT above all: its first ~75 checks take 5x as long)
    // would land in the quiet phase only, and a slow quiet phase flatters the ratio of the hostile one.
    const warmup =
      values.warmup > 0
        ? await runPhase(server, { ...options, durationMs: values.warmup * 1000, phase: WARMUP_PHASE })
        : undefined;
    const calm = await phase(server, { ...options, hostile: false }, await settledSample(server, 1));
    const phases = [[names[0], calm]];
    const heavyBeforeHostile = server.heavyClients.length;
    let attacked;
    if (values.hostile || sameKey) {
      attacked = await phase(server, { ...options, hostile: true, phase: 1 }, calm.after);
      phases.push([names[1], attacked]);
    }
    const ledger = ledgerDifferences(ledgerBefore, await readLedger(server.port));
    const result = verdict(phases, attacked?.tally, ledger, warmup, sameKey);
    const title = sameKey ? 'Load: one key, honest conversations and a hostile one' : 'Load';
    const sections = [header(title, values), phaseSection(titles[0], calm)];
    if (attacked) {
      sections.push(phaseSection(titles[1], attacked));
      const lanes = sameKey
        ? tenantLaneLine(server.heavyClients, heavyBeforeHostile)
        : laneLine(server.heavyClients, heavyBeforeHostile, values.clients);
      sections.push(
        `## Containment\n\n${containmentTable(calm, attacked)}\n\n${lanes}\n\n${hostileSection(attacked.tally)}`,
      );
    }
    sections.push(`## Verdict\n\n${result.text}\n`);
    const markdown = sections.join('\n\n');
    mkdirSync(join(OUTPUT, '..'), { recursive: true });
    writeFileSync(OUTPUT, markdown);
    process.stdout.write(`${markdown}\n(written to ${OUTPUT})\n`);
    process.exitCode = result.ok ? 0 : 1;
  } catch (error) {
    // What the server said last is usually why (it exited, or refused): the error alone hides it.
    process.stderr.write(`load: server log (last lines):\n${server.log().split('\n').slice(-40).join('\n')}\n`);
    throw error;
  } finally {
    await server.close();
  }
}

main().catch((error) => {
  process.stderr.write(`load: ${error.stack ?? error}\n`);
  process.exitCode = 1;
});
