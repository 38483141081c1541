import { SearchNotation } from './search-notation';
import type { MultiSearchPage, SearchPage } from './search-result.interface';

describe('the notation of sections and of the type block', () => {
  const notation = new SearchNotation();

  it('renders a section per query, what earlier ones showed as one line, then one types block', () => {
    const page: MultiSearchPage = {
      sections: [
        {
          query: 'cancel an order',
          operations: [
            { id: 'ShipOrder', kind: 'command', description: 'Ship a paid order.' },
            { id: 'CancelOrder', kind: 'command', description: 'Cancel.', signature: 'command CancelOrder(): Order' },
          ],
          total: 27,
          nextCursor: '2.ab',
        },
        { query: 'CancelOrder', operations: [], above: ['CancelOrder', 'ShipOrder'], total: 16 },
      ],
      types: { Order: '{ id: number }' },
      typesOmitted:
        "Not declared (page budget): Line of Order. An id searched alone, or myko.describe('CancelOrder'), declares them.",
    };
    expect(notation.renderSections(page).split('\n')).toEqual([
      '## "cancel an order" 2 of 27; cursor "2.ab"',
      '// Cancel.',
      'command CancelOrder(): Order',
      'command ShipOrder — Ship a paid order.',
      '## "CancelOrder" 2 of 16',
      'CancelOrder, ShipOrder: above',
      '## types',
      'type Order = { id: number }',
      "// Not declared (page budget): Line of Order. An id searched alone, or myko.describe('CancelOrder'), declares them.",
    ]);
  });

  it('says on a one-query page what the budget left out, after the types', () => {
    const page: SearchPage = {
      operations: [{ id: 'GeneralLedger', kind: 'query', signature: 'query GeneralLedger(): Ledger' }],
      types: { Ledger: '{ part: LedgerPart }' },
      typesOmitted: 'Not declared (page budget): LedgerPart of Ledger.',
      total: 1,
    };
    expect(notation.render(page).split('\n').slice(-2)).toEqual([
      'type Ledger = { part: LedgerPart }',
      '// Not declared (page budget): LedgerPart of Ledger.',
    ]);
  });
});
