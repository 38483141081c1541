/** Nearest-rank percentile of sorted values (p in 0..100). With fewer than 100 samples, p99 is the max. */
function percentile(sorted, p) {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
}

/** Median, p99, min, max, mean and count of raw samples (any unit). */
function summarize(samples) {
  const sorted = Float64Array.from(samples).sort();
  const mean = sorted.reduce((sum, value) => sum + value, 0) / (sorted.length || 1);
  return {
    n: sorted.length,
    median: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    min: sorted[0] ?? Number.NaN,
    max: sorted[sorted.length - 1] ?? Number.NaN,
    mean,
  };
}

/** A summary of one value measured once (a byte count, a one-time build). */
function single(value) {
  return { n: 1, median: value, p99: Number.NaN, min: value, max: value, mean: value };
}

module.exports = { percentile, single, summarize };
