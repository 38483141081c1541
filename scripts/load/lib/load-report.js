/** The Markdown report of `npm run load`. */
const os = require('node:os');
const { formatValue } = require('../../../bench/lib/report');
const { HOSTILE, clientIdOf, honestName } = require('./client-keys');

const ROW_KEYS = ['all', 'search', 'execute', 'resources/read'];
const TRANSPORTS = ['http', 'ws'];
const ms = (value) => formatValue(value, 'ms');
const bytes = (value) => formatValue(value, 'bytes');

/** Machine and run parameters, one line. */
function header(title, flags) {
  const load = os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
  const cpus = `${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? 'CPU'}`;
  const params = Object.entries(flags)
    .map(([k, v]) => `--${k} ${v}`)
    .join(' ');
  return `# ${title}\n\nNode ${process.version} · ${cpus} · load ${load} · ${new Date().toISOString()} · \`${params}\`\n`;
}

/** Latency and throughput by request kind and transport. */
function latencyTable(summary) {
  const lines = [
    '| request | transport | requests | p50 | p99 | max | throughput |',
    '|---|---|---:|---:|---:|---:|---:|',
  ];
  for (const key of ROW_KEYS) {
    for (const transport of [undefined, ...(key === 'all' ? [] : TRANSPORTS)]) {
      const row = summary.rows[transport ? `${key}@${transport}` : key];
      if (!row) continue;
      const name = key === 'all' ? '**all**' : key;
      const rps = `${row.rps.toFixed(1)} req/s`;
      lines.push(
        `| ${name} | ${transport ?? 'both'} | ${row.n} | ${ms(row.p50)} | ${ms(row.p99)} | ${ms(row.max)} | ${rps} |`,
      );
    }
  }
  return lines.join('\n');
}

function failures(summary, examples) {
  const tool =
    Object.entries(summary.toolErrors)
      .map(([kind, n]) => `${kind} × ${n}`)
      .join(', ') || 'none';
  const lines = [`Protocol errors: **${summary.protocolErrors}** · tool errors (\`isError\`): **${tool}**`];
  for (const example of examples) lines.push(`- \`${example.replace(/`/g, "'")}\``);
  return lines.join('\n');
}

/** Server RSS and sandbox figures before, at the peak of, and after the phase. */
function memoryTable(before, samples, after) {
  const good = samples.filter((s) => !s.error);
  const peak = (key) => Math.max(before[key], after[key], ...good.map((s) => s[key]));
  const peakIsolates = Math.max(...good.map((s) => s.sandbox.liveIsolates), before.sandbox.liveIsolates);
  return [
    '| | before | peak | after (idle) |',
    '|---|---:|---:|---:|',
    `| server RSS | ${bytes(before.serverRss)} | ${bytes(peak('serverRss'))} | ${bytes(after.serverRss)} |`,
    `| server + sandbox processes RSS | ${bytes(before.treeRss)} | ${bytes(peak('treeRss'))} | ${bytes(after.treeRss)} |`,
    `| live isolates | ${before.sandbox.liveIsolates} | ${peakIsolates} | ${after.sandbox.liveIsolates} |`,
    `| sandbox processes (crashes since start) | ${before.sandbox.processes} (${before.sandbox.crashes}) | — | ${after.sandbox.processes} (${after.sandbox.crashes}) |`,
  ].join('\n');
}

function phaseSection(title, phase) {
  const summary = phase.recorder.summary();
  return [
    `## ${title}`,
    '',
    `${summary.seconds.toFixed(1)} s.`,
    '',
    latencyTable(summary),
    '',
    `p99 of all requests per 10 s: ${phase.recorder
      .windows()
      .map((p99) => (p99 === undefined ? '–' : ms(p99)))
      .join(' · ')}.`,
    '',
    `CPU time in the phase: server ${ms(phase.cpu.server)}, sandbox processes ${ms(phase.cpu.sandbox)}.`,
    '',
    failures(summary, phase.recorder.examples),
    '',
    memoryTable(phase.before, phase.samples, phase.after),
  ].join('\n');
}

function hostileSection(tally) {
  const lines = ['| attack | runs | outcomes | unexpected | longest |', '|---|---:|---|---:|---:|'];
  for (const [name, entry] of tally.byAttack) {
    const outcomes = [...entry.outcomes].map(([o, n]) => `${o} × ${n}`).join('; ');
    lines.push(
      `| ${name} | ${entry.runs} | ${outcomes.replace(/\|/g, '\\|')} | ${entry.unexpected} | ${ms(entry.maxMs)} |`,
    );
  }
  lines.push('', `Escapes: **${tally.escapes.length}** · hostile protocol errors: **${tally.protocolErrors.length}**`);
  // On one machine the attacker's own process competes for the same cores as the server and the honest clients.
  if (tally.cpuMs !== undefined) lines.push('', `CPU time of the hostile client's own process: ${ms(tally.cpuMs)}`);
  for (const line of [...tally.escapes, ...tally.protocolErrors].slice(0, 10))
    lines.push(`- \`${line.replace(/`/g, "'")}\``);
  return lines.join('\n');
}

/** Honest p99 without and with the hostile client, overall and for execute. */
function containmentTable(calm, attacked) {
  const a = calm.recorder.summary().rows;
  const b = attacked.recorder.summary().rows;
  const lines = [
    '| honest requests | p99 without | p99 with hostile | ratio | p50 without | p50 with |',
    '|---|---:|---:|---:|---:|---:|',
  ];
  for (const key of ROW_KEYS) {
    if (!a[key] || !b[key]) continue;
    lines.push(
      `| ${key} | ${ms(a[key].p99)} | ${ms(b[key].p99)} | ${(b[key].p99 / a[key].p99).toFixed(2)}× | ${ms(a[key].p50)} | ${ms(b[key].p50)} |`,
    );
  }
  return lines.join('\n');
}

/**
 * Whom fair shares moved to the low-priority lane before and during the hostile phase (`heavyClients` in the
 * order the server named them; the first `quietCount` before it). An honest client there is a regression.
 */
function laneLine(heavyClients, quietCount, honestClients) {
  const honest = new Set(Array.from({ length: honestClients }, (_, i) => clientIdOf(honestName(i))));
  const hostile = clientIdOf(HOSTILE);
  const label = (id) => {
    if (id === hostile) return `${id} (the hostile client)`;
    if (id.startsWith('address:')) return `${id} (keyless: the edge attacks)`;
    return honest.has(id) ? `${id} (**honest**)` : id;
  };
  const list = (ids) => (ids.length === 0 ? 'none' : ids.map(label).join(', '));
  const honestMoved = heavyClients.filter((id) => honest.has(id)).length;
  return (
    `Moved to the low-priority lane (fair shares): before the hostile phase ${list(heavyClients.slice(0, quietCount))}; ` +
    `in it ${list(heavyClients.slice(quietCount))}. Honest clients moved: **${honestMoved}**.`
  );
}

module.exports = { containmentTable, header, hostileSection, laneLine, phaseSection };
