/** The Markdown report of `npm run soak`: baseline vs peak vs after, and whether memory came back. */
const { formatValue } = require('../../../bench/lib/report');

const bytes = (value) => formatValue(value, 'bytes');
/** RSS after the soak may exceed the post-warm-up baseline by this fraction (heap growth that V8 keeps). */
const RSS_TOLERANCE = 0.15;

/** Whether RSS and live isolates returned to the baseline; with the reasons. */
function returnedToBaseline(baseline, after) {
  const rssLimit = baseline.treeRss * (1 + RSS_TOLERANCE);
  const isolatesExpected = baseline.sandbox.liveIsolates;
  const rssOk = after.treeRss <= rssLimit;
  const isolatesOk = after.sandbox.liveIsolates === isolatesExpected && after.sandbox.running === 0;
  return {
    ok: rssOk && isolatesOk,
    lines: [
      `- ${rssOk ? 'met' : '**FAILED**'}: RSS (server + sandbox processes) after ${bytes(after.treeRss)} ≤ baseline ${bytes(baseline.treeRss)} + ${RSS_TOLERANCE * 100}% = ${bytes(rssLimit)}`,
      `- ${isolatesOk ? 'met' : '**FAILED**'}: live isolates after ${after.sandbox.liveIsolates} = baseline (the warm pool) ${isolatesExpected}`,
    ],
  };
}

/** Samples as a compact series (one line per minute at most). */
function series(samples, startedAt) {
  const good = samples.filter((s) => !s.error);
  const step = Math.max(1, Math.floor(good.length / 20));
  const lines = [
    '| t | server RSS | + sandbox processes | live isolates | running | queued |',
    '|---:|---:|---:|---:|---:|---:|',
  ];
  for (let i = 0; i < good.length; i += step) {
    const s = good[i];
    const t = `${Math.round((s.at - startedAt) / 1000)} s`;
    lines.push(
      `| ${t} | ${bytes(s.serverRss)} | ${bytes(s.treeRss)} | ${s.sandbox.liveIsolates} | ${s.sandbox.running} | ${s.sandbox.queued} |`,
    );
  }
  return lines.join('\n');
}

function figuresTable(baseline, samples, after) {
  const good = samples.filter((s) => !s.error);
  const peak = (key) => Math.max(...good.map((s) => s[key]));
  const peakIsolates = Math.max(...good.map((s) => s.sandbox.liveIsolates));
  return [
    '| | baseline (after warm-up, idle) | peak | after (settled, idle) |',
    '|---|---:|---:|---:|',
    `| server RSS | ${bytes(baseline.serverRss)} | ${bytes(peak('serverRss'))} | ${bytes(after.serverRss)} |`,
    `| server + sandbox processes RSS | ${bytes(baseline.treeRss)} | ${bytes(peak('treeRss'))} | ${bytes(after.treeRss)} |`,
    `| live isolates | ${baseline.sandbox.liveIsolates} | ${peakIsolates} | ${after.sandbox.liveIsolates} |`,
    `| sandbox processes (crashes) | ${baseline.sandbox.processes} (${baseline.sandbox.crashes}) | — | ${after.sandbox.processes} (${after.sandbox.crashes}) |`,
  ].join('\n');
}

module.exports = { RSS_TOLERANCE, figuresTable, returnedToBaseline, series };
