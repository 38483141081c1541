import { ClientFilters } from '@myko/filter';
import { OperationRegistry } from '@myko/registry';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DispatchHarness, NO_SCRIPTS } from '../../__fixtures__/dispatch.harness';
import { OperationSearchService } from './operation-search.service';
import type { SearchRequest } from './search-result.interface';
import { MAX_FUZZY_WORD_LENGTH } from './search-typo';
import { SEARCH_WORK } from './search-work.meter';

/** An id, and a description word, longer than any word that is stemmed or matched with typos. */
const LONG_ID = 'ReconcileWarehouseStockAgainstSupplierInvoices';
const LONG_WORD = 'supercalifragilisticexpialidociousness';

@Injectable()
class LongNamedOperation implements OnModuleInit {
  constructor(private readonly registry: OperationRegistry) {}

  onModuleInit(): void {
    this.registry.register({
      kind: 'report',
      id: LONG_ID,
      description: `Stock against invoices, ${LONG_WORD}`,
      source: 'spec',
      handler: () => 0,
    });
  }
}

/** Letters from a seeded generator: each query is a new string, so no cache answers it. */
function letters(seed: number, length: number): string {
  let state = seed;
  const out = new Array<string>(length);
  for (let i = 0; i < length; i++) {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    out[i] = String.fromCharCode(97 + ((state >>> 16) % 26));
  }
  return out.join('');
}

/** Words of 4–9 letters separated by spaces, `length` characters in all. */
function words(seed: number, length: number): string {
  const text = letters(seed, length).split('');
  for (let i = 5; i < length; i += 4 + (i % 6)) text[i] = ' ';
  return text.join('');
}

/**
 * The work a search did, in one number: edit-distance cells plus the stemmer's, counted as the
 * square of the longest word it stemmed (its regular expressions backtrack over the whole word).
 */
function workOf(run: () => unknown): number {
  SEARCH_WORK.reset();
  run();
  return SEARCH_WORK.distanceCells + SEARCH_WORK.longestStemmedWord ** 2;
}

describe('search cost, bounded by the query size', () => {
  let harness: DispatchHarness;
  let service: OperationSearchService;
  const search = (query: string) =>
    service.search({ query, limit: 20, detail: 'summary' } satisfies SearchRequest, ClientFilters.ALLOW_ALL);

  beforeAll(async () => {
    harness = await DispatchHarness.create(NO_SCRIPTS, [LongNamedOperation]);
    service = harness.moduleRef.get(OperationSearchService);
  });
  afterAll(() => harness.close());

  it.each([
    ['one long word', letters],
    ['many words', words],
  ])('does at most linear work in the size of %s (10 to 10,000 characters)', (_shape, make) => {
    const sizes = [10, 100, 1_000, 10_000];
    const work = sizes.map((size, i) => workOf(() => search(make(i + 1, size))));
    for (let i = 1; i < sizes.length; i++) expect(work[i]).toBeLessThanOrEqual(10 * work[i - 1] + 10_000);
    expect(SEARCH_WORK.longestStemmedWord).toBeLessThanOrEqual(MAX_FUZZY_WORD_LENGTH);
  });

  it('answers a 100,000-letter word, stemming none of it', () => {
    const result = search(letters(42, 100_000));
    expect(result).toMatchObject({ operations: [], total: 0 });
    expect(result.hint).toContain('Nothing matches');
    expect(SEARCH_WORK.longestStemmedWord).toBeLessThanOrEqual(MAX_FUZZY_WORD_LENGTH);
  }, 20_000);

  it('finds an operation by its long id, typed as one word, in any case', () => {
    expect(search(LONG_ID.toLowerCase()).operations[0].id).toBe(LONG_ID);
    expect(search(LONG_ID.toUpperCase()).operations[0].id).toBe(LONG_ID);
    expect(search(`report_${LONG_ID}`).operations[0].id).toBe(LONG_ID);
  });

  it('matches a long word exactly or by prefix, not by typo', () => {
    expect(LONG_WORD.length).toBeGreaterThan(MAX_FUZZY_WORD_LENGTH);
    expect(search(LONG_WORD).operations.map((op) => op.id)).toEqual([LONG_ID]);
    expect(search(LONG_WORD.slice(0, 20)).operations.map((op) => op.id)).toEqual([LONG_ID]);
    expect(search(`${LONG_WORD.slice(0, -1)}x`).total).toBe(0);
  });

  it('suggests a near operation for a misspelt name, and does bounded work for a huge one', () => {
    expect(service.closest('GetOrdrs', ClientFilters.ALLOW_ALL).map((op) => op.id)).toContain('GetOrders');
    const work = [100, 10_000, 100_000].map((size) =>
      workOf(() => service.closest(letters(size, size), ClientFilters.ALLOW_ALL)),
    );
    expect(work[2]).toBeLessThanOrEqual(work[0]);
    expect(work[1]).toBeLessThanOrEqual(work[0]);
  });
});
