const { single, summarize } = require('./stats');

/**
 * One line of the results table.
 * @typedef {object} Row
 * @property {string} id stable key, `<benchmark>.<case>`
 * @property {string} benchmark short name shown in the table
 * @property {string} measures what is timed or counted
 * @property {'ms' | 'bytes'} unit of every number in the row (durations are milliseconds)
 * @property {ReturnType<typeof summarize>} subject
 * @property {{ label: string, summary: ReturnType<typeof summarize> } | undefined} baseline
 * @property {number | undefined} ratio subject median / baseline median (below 1: faster or smaller)
 * @property {string | undefined} note
 */

const asSummary = (value) =>
  Array.isArray(value) ? summarize(value) : typeof value === 'number' ? single(value) : value;

/** Builds a row; `subject` and `baseline.samples` take raw samples, a summary, or one number. */
function row({ id, benchmark, measures, unit = 'ms', subject, baseline, note }) {
  const summary = asSummary(subject);
  const base = baseline ? { label: baseline.label, summary: asSummary(baseline.samples) } : undefined;
  const ratio = base ? summary.median / base.summary.median : undefined;
  return { id, benchmark, measures, unit, subject: summary, baseline: base, ratio, note };
}

const sig = (value, digits) => Number(value.toPrecision(digits)).toLocaleString('en-US');

/** `412 µs`, `3.41 ms`, `1.20 s`, `2,310 B`. */
function formatValue(value, unit) {
  if (value === undefined || value === null || Number.isNaN(value)) return '—';
  if (unit === 'bytes') return `${Math.round(value).toLocaleString('en-US')} B`;
  if (value < 1) return `${sig(value * 1000, 3)} µs`;
  if (value < 1000) return `${sig(value, 3)} ms`;
  return `${sig(value / 1000, 3)} s`;
}

/** `0.05× (20× faster)`; for bytes, `smaller`. */
function formatRatio(row) {
  if (row.ratio === undefined || !Number.isFinite(row.ratio)) return '—';
  const ratio = `${sig(row.ratio, 2)}×`;
  if (row.ratio >= 1) return ratio;
  return `${ratio} (${sig(1 / row.ratio, 2)}× ${row.unit === 'bytes' ? 'smaller' : 'faster'})`;
}

const cell = (text) => String(text).replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** The combined Markdown table: benchmark, what it measures, baseline, median, p99, ratio. */
function markdownTable(rows) {
  const lines = [
    '| benchmark | what it measures | baseline (median) | median | p99 | ratio |',
    '|---|---|---|---:|---:|---:|',
  ];
  for (const r of rows) {
    const baseline = r.baseline ? `${r.baseline.label}: ${formatValue(r.baseline.summary.median, r.unit)}` : '—';
    const measures = r.note ? `${r.measures} (${r.note})` : r.measures;
    const values = [formatValue(r.subject.median, r.unit), formatValue(r.subject.p99, r.unit), formatRatio(r)];
    lines.push(`| ${[r.benchmark, measures, baseline, ...values].map(cell).join(' | ')} |`);
  }
  return lines.join('\n');
}

module.exports = { formatRatio, formatValue, markdownTable, row };
