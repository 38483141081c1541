/** The Markdown report of `npm run soak`: baseline vs peak vs after, and whether memory came back. */
const { formatValue } = require('../../../bench/lib/report');

const bytes = (value) => formatValue(value, 'bytes');
/** RSS after the soak may exceed the post-warm-up baseline by this fraction (heap growth that V8 keeps). */
const RSS_TOLERANCE = 0.15;

/** Whether RSS and live isolates returned to the baseline; with the reasons. */
function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/**
 * Memory is judged against the working set, not only the idle figure right after the warm-up: V8 keeps
 * the heap it grew to under load and gives it back only when a full GC happens to shrink it, so the idle
 * figure depends on when that GC ran. A leak shows as growth: the last quarter of the soak above the
 * first, and the settled server above its working set.
 */
function returnedToBaseline(baseline, after, samples = []) {
  const good = samples.filter((s) => !s.error).map((s) => s.treeRss);
  const quarter = Math.max(1, Math.floor(good.length / 4));
  const early = median(good.slice(0, quarter));
  const late = median(good.slice(-quarter));
  const workingSet = Math.max(baseline.treeRss, Number.isNaN(early) ? 0 : early);
  const rssLimit = workingSet * (1 + RSS_TOLERANCE);
  const isolatesExpected = baseline.sandbox.liveIsolates;
  const rssOk = after.treeRss <= rssLimit;
  const flat = Number.isNaN(late) || late <= early * (1 + RSS_TOLERANCE);
  const isolatesOk = after.sandbox.liveIsolates === isolatesExpected && after.sandbox.running === 0;
  return {
    ok: rssOk && flat && isolatesOk,
    lines: [
      `- ${rssOk ? 'met' : '**FAILED**'}: RSS (server + sandbox processes) after ${bytes(after.treeRss)} ≤ working set ${bytes(workingSet)} (idle after warm-up ${bytes(baseline.treeRss)}, median of the first quarter ${bytes(early)}) + ${RSS_TOLERANCE * 100}% = ${bytes(rssLimit)}`,
      `- ${flat ? 'met' : '**FAILED**'}: no growth: median RSS of the last quarter ${bytes(late)} ≤ first quarter ${bytes(early)} + ${RSS_TOLERANCE * 100}%`,
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
