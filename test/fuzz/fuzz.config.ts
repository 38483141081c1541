import type { Parameters } from 'fast-check';

/**
 * Fixed seed and a small sample in the test suite; `npm run fuzz` sets FUZZ_RUNS (total cases across all
 * fuzz specs, split by each property's share) and may set FUZZ_SEED and FUZZ_TIME_MS (per property).
 */
export const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 20261130);
const TOTAL_RUNS = Number(process.env.FUZZ_RUNS ?? 0);
const TIME_LIMIT_MS = Number(process.env.FUZZ_TIME_MS ?? 0);

/** True under `npm run fuzz`, false in the fixed-seed sample. */
export const FULL_FUZZ = TOTAL_RUNS > 0;

/** fast-check parameters for a property: `sample` runs in the suite, `share` of FUZZ_RUNS under `npm run fuzz`. */
export function fuzzParams<T>(sample: number, share: number): Parameters<T> {
  const numRuns = FULL_FUZZ ? Math.ceil(TOTAL_RUNS * share) : sample;
  return {
    seed: FUZZ_SEED,
    numRuns,
    endOnFailure: true,
    ...(TIME_LIMIT_MS > 0 ? { interruptAfterTimeLimit: TIME_LIMIT_MS, markInterruptAsFailure: false } : {}),
  };
}

/** Jest timeout for a property: generous under `npm run fuzz`, short in the suite. */
export function fuzzTimeout(sampleMs: number): number {
  return FULL_FUZZ ? Math.max(TIME_LIMIT_MS * 2, 30 * 60_000) : sampleMs;
}

/** Counts cases per property and prints them under `npm run fuzz`. */
export class CaseCounter {
  private readonly counts = new Map<string, { cases: number; ms: number }>();

  async time(name: string, run: () => Promise<unknown>): Promise<void> {
    const started = Date.now();
    const before = this.counts.get(name)?.cases ?? 0;
    try {
      await run();
    } finally {
      const entry = this.counts.get(name) ?? { cases: before, ms: 0 };
      entry.ms += Date.now() - started;
      this.counts.set(name, entry);
    }
  }

  hit(name: string): void {
    const entry = this.counts.get(name) ?? { cases: 0, ms: 0 };
    entry.cases += 1;
    this.counts.set(name, entry);
  }

  report(): void {
    if (!FULL_FUZZ) return;
    for (const [name, { cases, ms }] of this.counts) {
      process.stdout.write(`fuzz ${name}: ${cases} cases in ${(ms / 1000).toFixed(1)} s (seed ${FUZZ_SEED})\n`);
    }
  }
}
