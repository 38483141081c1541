/**
 * Samplers. Durations are in milliseconds (fractional, from `process.hrtime`). On a shared, noisy
 * machine a subject and its baseline are sampled interleaved (A, B, A, B, …) so that both see the
 * same background load, and only medians, p99 and ratios from the same run are compared.
 */

const now = () => Number(process.hrtime.bigint()) / 1e6;

/** Duration of one synchronous call. */
function timeSync(fn) {
  const start = now();
  fn();
  return now() - start;
}

/** Duration of one asynchronous call. */
async function timeAsync(fn) {
  const start = now();
  await fn();
  return now() - start;
}

/**
 * Async counterpart of `interleaveBlocks`: each function in turn runs a block of `block` timed calls
 * (after `settle` untimed ones) until each has `iterations` samples, or `deadlineMs` has passed (at
 * least one block is kept). The default, blocks of one, alternates call by call (A, B, A, B, …).
 */
async function interleave(
  fns,
  { iterations, block = 1, settle = 0, warmup = Math.ceil(iterations / 10), deadlineMs = 30_000 },
) {
  const names = Object.keys(fns);
  const samples = Object.fromEntries(names.map((name) => [name, []]));
  for (const name of names) for (let i = 0; i < warmup; i++) await fns[name]();
  const deadline = now() + deadlineMs;
  for (let done = 0; done < iterations && (done === 0 || now() < deadline); done += block) {
    const size = Math.min(block, iterations - done);
    for (const name of names) {
      const fn = fns[name];
      for (let i = 0; i < settle; i++) await fn();
      for (let i = 0; i < size; i++) samples[name].push(await timeAsync(fn));
    }
  }
  return samples;
}

/**
 * For synchronous functions taking microseconds: each function in turn runs a block of `block` timed
 * calls (after `settle` untimed ones, so the cache and GC state the other function left behind is
 * not charged to this one), until each has `iterations` samples. Blocks keep both sides under the
 * same background load without timing a cache-cold first call after every switch.
 */
function interleaveBlocks(fns, { iterations, block = 100, settle = 3, warmup = Math.ceil(iterations / 10) }) {
  const names = Object.keys(fns);
  const samples = Object.fromEntries(names.map((name) => [name, []]));
  for (const name of names) for (let i = 0; i < warmup; i++) fns[name]();
  for (let done = 0; done < iterations; done += block) {
    const size = Math.min(block, iterations - done);
    for (const name of names) {
      const fn = fns[name];
      for (let i = 0; i < settle; i++) fn();
      for (let i = 0; i < size; i++) samples[name].push(timeSync(fn));
    }
  }
  return samples;
}

module.exports = { interleave, interleaveBlocks, now, timeAsync, timeSync };
