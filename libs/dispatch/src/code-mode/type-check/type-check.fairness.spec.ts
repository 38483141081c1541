import { ClientFilters } from '@myko/filter';
import { FIXTURE_DISCOVERY, FIXTURE_REGISTRY, typeBomb } from './__fixtures__/type-bomb.fixture';
import { ScriptTypeChecker, type TypeCheckMode } from './script-type-checker';

/** A script with a certain type error on line 2, new to the checker each time (`n`). */
const faulty = (n: number) => `const low = await myko.report('LowStock');\nreturn low[${n}].SKU;`;
const BOMB = typeBomb("await myko.command('Restock', { productId: 1, warehouseCode: 'BER', quantity: 2 });");

/** Real workers with small time limits, no verdicts kept: every check goes to a worker. */
function checkerWith(timeoutMs: number, workers: number): ScriptTypeChecker {
  return new ScriptTypeChecker(FIXTURE_REGISTRY, { timeoutMs, maxHeapMb: 256, workers }, { entries: 0, chars: 0 });
}

function check(checker: ScriptTypeChecker, code: string, client: string, mode: TypeCheckMode = 'strict') {
  return checker.check(code, mode, ClientFilters.ALLOW_ALL, FIXTURE_DISCOVERY, false, client);
}

describe('the type checker under a type bomb', () => {
  let checker: ScriptTypeChecker | undefined;
  afterEach(() => checker?.close());

  it('answers the first check after start from a warmed worker: start-up is not part of its time limit', async () => {
    // A worker's cold start on this machine now, then a check limit of half that, on a checker not warmed.
    const started = performance.now();
    const first = checkerWith(2_000, 1);
    await first.warm();
    const coldStartMs = performance.now() - started;
    await first.close();
    checker = checkerWith(Math.round(coldStartMs / 2), 1);
    const outcome = await check(checker, faulty(0), 'honest');
    expect(outcome).toMatchObject({ refused: true, diagnostics: [expect.objectContaining({ line: 2 })] });
  }, 60_000);

  it("does not delay another principal's check by more than one check's time", async () => {
    const timeoutMs = 1_000;
    checker = checkerWith(timeoutMs, 2);
    await checker.warm(true);
    let bombsEnded = 0;
    const bombsSent = performance.now();
    let firstBombMs = Number.POSITIVE_INFINITY;
    const bombs = Array.from({ length: 6 }, () =>
      check(checker as ScriptTypeChecker, BOMB, 'bomber').finally(() => {
        bombsEnded++;
        firstBombMs = Math.min(firstBombMs, performance.now() - bombsSent);
      }),
    );
    const latencies: number[] = [];
    const endedBefore: number[] = [];
    for (let n = 0; n < 8; n++) {
      const started = performance.now();
      const outcome = await check(checker, faulty(n), 'honest');
      latencies.push(performance.now() - started);
      endedBefore.push(bombsEnded);
      expect(outcome).toMatchObject({ refused: true, diagnostics: [expect.objectContaining({ line: 2 })] });
    }
    // The first waits at most for the bombs holding both workers (a limit is CPU time, so counted in bombs, not
    // in wall-clock time a loaded machine stretches), plus its own check; once a bomb ran out of time its sender
    // never takes the last idle worker, so the others wait for none (a check's own time, far under the limit).
    const [first, ...later] = endedBefore;
    expect(first).toBeLessThanOrEqual(2);
    expect(later.every((ended) => ended <= 4)).toBe(true);
    // And in time: a later check takes less than one bomb's run to its limit, both as stretched by this machine's
    // load now (a fixed second failed at load 10).
    const outcomes = await Promise.all(bombs);
    expect(firstBombMs).toBeGreaterThanOrEqual(timeoutMs);
    expect(Math.max(...latencies.slice(1))).toBeLessThan(firstBombMs);
    // Every bomb refused: out of time, or (a loaded machine's long queue) never taken by a worker in time.
    for (const outcome of outcomes) {
      expect(outcome).toMatchObject({ refused: true, unjudged: expect.stringMatching(/^(timeout|busy)$/) });
    }
    expect(outcomes.some((outcome) => outcome.refused && outcome.unjudged === 'timeout')).toBe(true);
  }, 60_000);

  it('takes a waiting check out of the queue when its request is cancelled', async () => {
    checker = checkerWith(5_000, 1);
    await checker.warm(true);
    const bomb = check(checker, BOMB, 'bomber');
    const cancel = new AbortController();
    const started = performance.now();
    const waiting = checker.check(
      faulty(0),
      'strict',
      ClientFilters.ALLOW_ALL,
      FIXTURE_DISCOVERY,
      false,
      'honest',
      cancel.signal,
    );
    setTimeout(() => cancel.abort(), 100);
    // Under strict it does not run: refused as busy (nothing checked it), long before the bomb's limit.
    expect(await waiting).toMatchObject({ refused: true, unjudged: 'busy' });
    expect(performance.now() - started).toBeLessThan(2_000);
    await checker.close();
    await bomb;
  }, 60_000);

  it('under strict, never lets a script that could not be judged run', async () => {
    checker = checkerWith(300, 1);
    await checker.warm();
    expect(await check(checker, BOMB, 'bomber')).toMatchObject({ refused: true, unjudged: 'timeout' });
  }, 60_000);

  it('under warn, runs it, saying that it was not judged', async () => {
    checker = checkerWith(300, 1);
    await checker.warm();
    expect(await check(checker, BOMB, 'bomber', 'warn')).toMatchObject({ refused: false, unjudged: 'timeout' });
  }, 60_000);
});
