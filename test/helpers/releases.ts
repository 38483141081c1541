// Releasing what tests open, whatever their assertions do: no handle may outlive a failed test and keep jest alive.

/**
 * Runs every release in order, each awaited and each to the end even when an earlier one rejects (a hook
 * or `finally` that closes several things must not stop at the first failure and leave the rest open),
 * then rethrows the first failure.
 */
export async function releaseAll(...releases: Array<() => unknown>): Promise<void> {
  let failure: { reason: unknown } | undefined;
  for (const release of releases) {
    try {
      await release();
    } catch (reason) {
      failure ??= { reason };
    }
  }
  if (failure) throw failure.reason;
}

/**
 * Like `Promise.all`, but rejects (with the first failure) only once every promise has settled: resources
 * started at once and kept as each is up (`.then`) are all kept before the caller's after-hook can run.
 */
export async function allStarted<T>(starts: Array<Promise<T>>): Promise<T[]> {
  const outcomes = await Promise.allSettled(starts);
  const failed = outcomes.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
  if (failed) throw failed.reason;
  return outcomes.map((outcome) => (outcome as PromiseFulfilledResult<T>).value);
}

/** Registers a resource with its release; returns the resource. */
export type Opened = <T>(resource: T, release: (resource: T) => unknown) => T;

/**
 * What the tests of a `describe` open in their bodies (servers, processes, clients, sockets, timers) is
 * released after each test, passed or failed, so a failed assertion cannot leave a handle that keeps jest
 * alive: `const opened = useReleases();`, then in a test
 * `const proxy = opened(await startRoundRobinProxy(origins), (p) => p.close());`. Releases run newest
 * first (a client before the server it talks to), each to the end; the first failure fails the test.
 */
export function useReleases(): Opened {
  const releases: Array<() => unknown> = [];
  afterEach(() => releaseAll(...releases.splice(0).reverse()));
  return (resource, release) => {
    releases.push(() => release(resource));
    return resource;
  };
}
