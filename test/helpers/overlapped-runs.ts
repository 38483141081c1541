/**
 * Child-process runs a test file starts up front, so their boots overlap (a CI machine has two cores, and jest
 * runs one file at a time) instead of adding up test after test: `overlappedRuns(start)` gives `run(key)`, which
 * starts the run of `key` once (at most `parallel` at a time) and gives every caller its one outcome. A file starts
 * each in its `beforeAll`; each test awaits and asserts its own.
 */
export function overlappedRuns<T>(
  start: (key: readonly string[]) => Promise<T>,
  parallel = 3,
): (key: readonly string[]) => Promise<T> {
  const runs = new Map<string, Promise<T>>();
  const queued: (() => void)[] = [];
  let running = 0;

  async function inTurn(key: readonly string[]): Promise<T> {
    // Few enough at once not to crowd a loaded machine: a boot slower than its test's timeout would fail it.
    if (running >= parallel) await new Promise<void>((go) => queued.push(go));
    running++;
    try {
      return await start(key);
    } finally {
      running--;
      queued.shift()?.();
    }
  }

  return (key) => {
    const id = JSON.stringify(key);
    let outcome = runs.get(id);
    if (!outcome) {
      outcome = inTurn(key);
      runs.set(id, outcome);
    }
    return outcome;
  };
}
