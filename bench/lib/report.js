const { single, summarize } = require('./stats');

/**
 * One line of the results table.
 * @typedef {object} Row
 * @property {string} id stable key, `<benchmark>.<case>`
 * @property {string} benchmark short name shown in the table
 * @property {string} measures what is timed or counted
 * @property {'ms' | 'bytes' | 'rps' | 'score' | 'count'} unit of every number in the row (durations are milliseconds;
 *   rps: requests per second, where higher is better; score: a retrieval figure from 0 to 1, see its row; count: a
 *   number of things per request, e.g. Redis round trips)
 * @property {ReturnType<typeof summarize>} subject
 * @property {{ label: string, summary: ReturnType<typeof summarize> } | undefined} baseline
 * @property {number | undefined} ratio subject median / baseline median (below 1: faster or smaller); with
 *   `paired`, the median of the per-round ratios subject[i] / baseline[i]
 * @property {string | undefined} note
 */

const asSummary = (value) =>
  Array.isArray(value) ? summarize(value) : typeof value === 'number' ? single(value) : value;

/** A throughput is one number per repeated run: its "p99" would only be the best run. */
const withoutTail = (summary, unit) => (unit === 'rps' ? { ...summary, p99: Number.NaN } : summary);

/**
 * The median of per-round ratios, when subject and baseline were measured round by round side by side:
 * on a machine whose load drifts, each round's pair shares its conditions.
 */
function pairedRatio(subject, baseline) {
  return summarize(subject.map((value, i) => value / baseline[i])).median;
}

/** Builds a row; `subject` and `baseline.samples` take raw samples, a summary, or one number. */
function row({ id, benchmark, measures, unit = 'ms', subject, baseline, note, paired = false }) {
  const summary = withoutTail(asSummary(subject), unit);
  const base = baseline
    ? { label: baseline.label, summary: withoutTail(asSummary(baseline.samples), unit) }
    : undefined;
  const ratio = !base
    ? undefined
    : paired
      ? pairedRatio(subject, baseline.samples)
      : summary.median / base.summary.median;
  return { id, benchmark, measures, unit, subject: summary, baseline: base, ratio, note };
}

const sig = (value, digits) => Number(value.toPrecision(digits)).toLocaleString('en-US');

/** `412 µs`, `3.41 ms`, `1.20 s`, `2,310 B`, `148 KiB`, `14.2 MiB`, `5,120 req/s`. */
function formatValue(value, unit) {
  if (value === undefined || value === null || Number.isNaN(value)) return '—';
  if (unit === 'rps') return `${sig(value, 3)} req/s`;
  if (unit === 'score') return value.toFixed(3);
  if (unit === 'count') return sig(value, 3);
  if (unit === 'bytes') {
    if (Math.abs(value) < 10_000) return `${Math.round(value).toLocaleString('en-US')} B`;
    if (Math.abs(value) < 10 * 2 ** 20) return `${sig(value / 1024, 3)} KiB`;
    return `${sig(value / 2 ** 20, 3)} MiB`;
  }
  if (value < 1) return `${sig(value * 1000, 3)} µs`;
  if (value < 1000) return `${sig(value, 3)} ms`;
  return `${sig(value / 1000, 3)} s`;
}

/** `0.05× (20× faster)`; for bytes, `smaller`; throughput (higher is better) plain. */
function formatRatio(row) {
  if (row.ratio === undefined || !Number.isFinite(row.ratio)) return '—';
  const ratio = `${row.ratio < 0.01 ? Number(row.ratio.toPrecision(2)) : sig(row.ratio, 2)}×`;
  if (row.ratio >= 1 || ['rps', 'score', 'count'].includes(row.unit) || sig(1 / row.ratio, 2) === '1') return ratio;
  return `${ratio} (${sig(1 / row.ratio, 2)}× ${row.unit === 'bytes' ? 'smaller' : 'faster'})`;
}

const cell = (text) => String(text).replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** `1.2 ms – 3.4 ms`, or `—` for a single value. */
function formatRange(summary, unit) {
  if (summary.n < 2) return '—';
  return `${formatValue(summary.min, unit)} – ${formatValue(summary.max, unit)}`;
}

/** The combined Markdown table: benchmark, what it measures, baseline, median, p99, min–max, ratio. */
function markdownTable(rows) {
  const lines = [
    '| benchmark | what it measures | baseline (median) | median | p99 | min – max | ratio |',
    '|---|---|---|---:|---:|---:|---:|',
  ];
  for (const r of rows) {
    const baseline = r.baseline ? `${r.baseline.label}: ${formatValue(r.baseline.summary.median, r.unit)}` : '—';
    const measures = r.note ? `${r.measures} (${r.note})` : r.measures;
    const values = [
      formatValue(r.subject.median, r.unit),
      formatValue(r.subject.p99, r.unit),
      formatRange(r.subject, r.unit),
      formatRatio(r),
    ];
    lines.push(`| ${[r.benchmark, measures, baseline, ...values].map(cell).join(' | ')} |`);
  }
  return lines.join('\n');
}

module.exports = { formatRatio, formatValue, markdownTable, row };
