import { ClientFilters } from '@myko/filter';
import { type OperationKind, OperationRegistry } from '@myko/registry';
import { Type } from 'class-transformer';
import { IsInt, IsString, ValidateNested } from 'class-validator';
import { OperationSearchService } from './operation-search.service';
import type { MultiSearchPage, SearchPage } from './search-result.interface';

class ValuationRow {
  @IsString()
  key!: string;

  @IsInt()
  valueCents!: number;
}

class InventoryValuationReport {
  @ValidateNested({ each: true })
  @Type(() => ValuationRow)
  rows!: ValuationRow[];

  @IsInt()
  totalValueCents!: number;
}

class OrderResult {
  @IsInt()
  id!: number;
}

class IdArgs {
  @IsInt()
  id!: number;
}

/** A wide nested type: declaring it in full costs more than a page's type budget leaves. */
const WIDE = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`field${i}`, { type: 'string' }]));

const OPERATIONS: [OperationKind, string, string, unknown][] = [
  ['report', 'InventoryValuation', 'Inventory value per warehouse at list prices.', InventoryValuationReport],
  ['command', 'CancelOrder', 'Cancel an open order and release its stock.', OrderResult],
  ['command', 'ShipOrder', 'Ship a paid order; cancelled orders are refused.', OrderResult],
  ['query', 'OrderNotes', 'The notes of an order.', OrderResult],
];

describe('search answers declare every type a shown signature reaches', () => {
  const registry = new OperationRegistry();
  for (const [kind, id, description, output] of OPERATIONS) {
    registry.register({
      kind,
      id,
      description,
      args: IdArgs,
      output: output as never,
      handler: () => 0,
      source: 'spec',
    });
  }
  const service = new OperationSearchService(registry);
  const search = (query: string) =>
    service.search({ query, limit: 20, detail: 'summary' }, ClientFilters.ALLOW_ALL) as SearchPage;
  const many = (queries: string[]) =>
    service.search({ queries, limit: 20, detail: 'summary' }, ClientFilters.ALLOW_ALL) as MultiSearchPage;

  it('declares the nested result row as well as the result type, once', () => {
    for (const query of ['inventory value per warehouse', 'InventoryValuation']) {
      const page = search(query);
      expect(page.operations[0].signature).toMatch(/InventoryValuationReport$/);
      expect(page.types).toEqual({
        InventoryValuationReport: '{ rows: ValuationRow[]; totalValueCents: number }',
        ValuationRow: '{ key: string; valueCents: number }',
      });
    }
  });

  it('answers several queries in sections that share one type block', () => {
    const page = many(['inventory value per warehouse', 'cancel an order', 'CancelOrder']);
    expect(page.sections.map((section) => section.query)).toEqual([
      'inventory value per warehouse',
      'cancel an order',
      'CancelOrder',
    ]);
    expect(Object.keys(page.types ?? {})).toEqual(['InventoryValuationReport', 'ValuationRow', 'OrderResult']);
    // A sure section shows its match and one runner-up; its cursor pages on.
    const [, cancel, exact] = page.sections;
    expect(cancel.operations.map((entry) => entry.id)).toEqual(['CancelOrder', 'ShipOrder']);
    expect(cancel.nextCursor).toEqual(expect.any(String));
    // What an earlier section showed is one line in a later one; an exact id has no runner-up.
    expect(exact.above).toEqual(['CancelOrder']);
    expect(exact.operations).toEqual([]);
  });

  it('shows a sure section its runner-up only when that matched the words as well', () => {
    const [notes, cancel] = many(['notes of an order', 'cancel an order']).sections;
    // OrderNotes matched both words, the others "order" alone: they are the cursor's next page.
    expect(notes.operations.map((entry) => entry.id)).toEqual(['OrderNotes']);
    expect(notes.nextCursor).toEqual(expect.any(String));
    // CancelOrder and ShipOrder both match "cancel" and "order": the rival stays in sight.
    expect(cancel.operations.map((entry) => entry.id)).toEqual(['CancelOrder', 'ShipOrder']);
  });
});

describe('the page type budget', () => {
  const registry = new OperationRegistry();
  const parts = Array.from({ length: 8 }, (_, i) => `LedgerPart${i}`);
  const output = {
    type: 'object',
    properties: Object.fromEntries(parts.map((name) => [name.toLowerCase(), { $ref: `#/$defs/${name}` }])),
    $defs: Object.fromEntries(parts.map((name) => [name, { type: 'object', properties: WIDE }])),
  };
  const schema = {
    input: { type: 'object', properties: {} },
    validate: (raw: object) => raw,
    outputType: 'Ledger',
    output,
  };
  registry.register({
    kind: 'query',
    id: 'GeneralLedger',
    description: 'The general ledger.',
    schema,
    handler: () => 0,
    source: 'spec',
  });
  registry.register({
    kind: 'query',
    id: 'OrderNotes',
    description: 'The notes of an order.',
    schema,
    handler: () => 0,
    source: 'spec',
  });
  const service = new OperationSearchService(registry);
  const search = (query: string) =>
    service.search({ query, limit: 20, detail: 'summary' }, ClientFilters.ALLOW_ALL) as SearchPage;

  it('names what the budget leaves out and how to get it; an id searched alone declares it all', () => {
    const page = search('general ledger');
    expect(page.types).toHaveProperty('Ledger');
    expect(Object.keys(page.types ?? {}).length).toBeLessThan(parts.length + 1);
    expect(page.typesOmitted).toMatch(
      /^Not declared \(page budget\): LedgerPart\d of Ledger(, LedgerPart\d of Ledger)*\. An id searched alone, or myko\.describe\('GeneralLedger'\), declares them\.$/,
    );
    const exact = search('GeneralLedger');
    expect(Object.keys(exact.types ?? {})).toHaveLength(parts.length + 1);
    expect(exact.typesOmitted).toBeUndefined();
  });
});
