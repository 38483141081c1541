/**
 * What the tests of a file started and may not have stopped: a `beforeAll` that times out while its
 * server is still starting leaves the file's `afterAll` nothing to close, and that server (its sockets,
 * its sandbox processes) would keep jest alive. Launchers track each start here; the test environment
 * (test/support/releasing.environment.js) releases whatever is left after the file's own hooks. The
 * list lives on the test file's global, so each file has its own.
 */
const KEY = Symbol.for('myko.test.leftovers');
/** A start that never settles must not hold the suite either. */
const SETTLE_MS = 30_000;

function openSet(global = globalThis) {
  global[KEY] ??= new Set();
  return global[KEY];
}

/**
 * Tracks a resource being started (`started` resolves with it) until `forget()` is called (it was
 * released by its owner); `release(resource)` is what ends it.
 * @template T
 * @param {Promise<T>} started
 * @param {(resource: T) => unknown} release
 * @returns {() => void} forget
 */
function track(started, release) {
  const set = openSet();
  const entry = { started, release };
  set.add(entry);
  return () => set.delete(entry);
}

/** Releases every resource still tracked on `global`, each to the end even when another fails. */
async function releaseLeftovers(global) {
  const set = openSet(global);
  const entries = [...set];
  set.clear();
  await Promise.all(entries.map(releaseOne));
}

async function releaseOne({ started, release }) {
  let timer;
  const timedOut = new Promise((settle) => {
    timer = setTimeout(settle, SETTLE_MS, undefined);
  });
  try {
    const resource = await Promise.race([started.catch(() => undefined), timedOut]);
    if (resource !== undefined) await release(resource);
  } catch {
    // released as far as it could be: the next one still is
  } finally {
    clearTimeout(timer);
  }
}

module.exports = { track, releaseLeftovers };
