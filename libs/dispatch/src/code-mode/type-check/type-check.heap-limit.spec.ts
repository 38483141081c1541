import { ClientFilters } from '@myko/filter';
import { FIXTURE_DISCOVERY, FIXTURE_REGISTRY, typeBomb } from './__fixtures__/type-bomb.fixture';
import { ScriptTypeChecker } from './script-type-checker';

/** A type bomb given all the time it wants: only its heap limit stops it. */
const BOMB = typeBomb("await myko.command('Restock', { productId: 1, warehouseCode: 'BER', quantity: 2 });");
/** A script with a certain type error on line 2. */
const FAULTY = "const low = await myko.report('LowStock');\nreturn low[0].SKU;";

/**
 * Room for the checker and its lib, not for the bomb. A worker thread out of its heap can abort the whole
 * process (nodejs/node#47224), jest and this spec with it; a checker in a process of its own dies alone.
 */
const HEAP_MB = 128;

describe('the type checker out of its heap', () => {
  let checker: ScriptTypeChecker;
  beforeAll(async () => {
    checker = new ScriptTypeChecker(
      FIXTURE_REGISTRY,
      { timeoutMs: 120_000, maxHeapMb: HEAP_MB, workers: 1 },
      { entries: 0, chars: 0 },
    );
    await checker.warm(true);
  }, 120_000);
  afterAll(() => checker.close());

  const check = (code: string, client: string) =>
    checker.check(code, 'strict', ClientFilters.ALLOW_ALL, FIXTURE_DISCOVERY, false, client);

  it('refuses the check that ran out of heap as a crash, unrun, and keeps serving the other clients', async () => {
    expect(await check(BOMB, 'bomber')).toMatchObject({ refused: true, unjudged: 'crash', diagnostics: [] });
    const next = await check(FAULTY, 'honest');
    expect(next).toMatchObject({ refused: true, diagnostics: [expect.objectContaining({ line: 2 })] });
    expect(next).not.toHaveProperty('unjudged');
  }, 180_000);
});
