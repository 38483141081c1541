import { ClientFilters } from '@myko/filter';
import { ArgDescription, type OperationKind, OperationRegistry } from '@myko/registry';
import { IsIn, IsInt, IsOptional, IsString } from 'class-validator';
import { OperationSearchService } from './operation-search.service';
import { MAX_SHOWN, MIN_SHOWN } from './search-page.shape';
import type { SearchEntry, SearchPage } from './search-result.interface';

class CancelArgs {
  @IsInt()
  orderId!: number;

  @IsOptional()
  @IsString()
  @ArgDescription('Why, kept on the order.')
  reason?: string;
}

class IdArgs {
  @IsInt()
  id!: number;
}

class OrderResult {
  @IsInt()
  id!: number;

  @IsIn(['open', 'paid', 'cancelled'])
  status!: string;
}

/** CancelOrder and ShipOrder share "cancel" and "order"; the rest share only "order", weakly. */
const OPERATIONS: [OperationKind, string, string][] = [
  ['command', 'CancelOrder', 'Cancel an open order and release its stock.'],
  ['command', 'ShipOrder', 'Ship a paid order; cancelled orders are refused.'],
  ['command', 'RefundOrder', 'Refund a paid order to the customer.'],
  ['command', 'RefundOrderLine', 'Refund one line of a paid order.'],
  ...['Lines', 'Totals', 'Notes', 'Events', 'Tags', 'Flags', 'Files', 'Links'].map(
    (what): [OperationKind, string, string] => ['query', `Order${what}`, `The ${what.toLowerCase()} of an order.`],
  ),
  ['report', 'StockValue', 'Value of the stock on hand.'],
];

describe('search answers shaped by relevance', () => {
  const registry = new OperationRegistry();
  for (const [kind, id, description] of OPERATIONS) {
    const output = id === 'StockValue' ? Number : OrderResult;
    const args = id === 'CancelOrder' ? CancelArgs : IdArgs;
    registry.register({ kind, id, description, args, output, handler: () => 0, source: 'spec' });
  }
  const service = new OperationSearchService(registry);
  const search = (query: string, more: { cursor?: string; limit?: number } = {}) =>
    service.search({ query, limit: 20, detail: 'summary', ...more }, ClientFilters.ALLOW_ALL) as SearchPage;
  const ids = (entries: SearchEntry[]) => entries.map((entry) => entry.id);

  it('gives a specific query its operation in full, the close ones a line each, and hides the weak ones', () => {
    const page = search('cancel an order');
    expect(page.operations[0]).toEqual({
      id: 'CancelOrder',
      kind: 'command',
      description: 'Cancel an open order and release its stock.',
      signature: 'command CancelOrder(args: { orderId: number; reason?: string }): OrderResult',
    });
    expect(page.types).toEqual({ OrderResult: "{ id: number; status: 'open' | 'paid' | 'cancelled' }" });
    expect(page.operations.slice(1).every((entry) => entry.signature === undefined)).toBe(true);
    expect(page.operations[1]).toEqual({
      id: 'ShipOrder',
      kind: 'command',
      description: 'Ship a paid order; cancelled orders are refused.',
    });
    expect(page.operations).toHaveLength(MIN_SHOWN);
    expect(page.total).toBe(OPERATIONS.length - 1);
    expect(page.nextCursor).toEqual(expect.any(String));
  });

  it('reaches every match exactly once through the cursor, later pages one line each without a floor', () => {
    const whole = service.search({ query: 'cancel an order', limit: 100, detail: 'full' }, ClientFilters.ALLOW_ALL);
    const seen: string[] = [];
    let page = search('cancel an order', { limit: 4 });
    seen.push(...ids(page.operations));
    // The first page stops at the relevance floor once MIN_SHOWN entries are shown.
    expect(page.operations).toHaveLength(MIN_SHOWN);
    while (page.nextCursor) {
      page = search('cancel an order', { limit: 4, cursor: page.nextCursor });
      expect(page.operations.every((entry) => entry.signature === undefined)).toBe(true);
      expect(page.types).toBeUndefined();
      seen.push(...ids(page.operations));
    }
    expect(seen).toEqual(whole.operations.map((op) => op.id));
    expect(seen).toHaveLength(whole.total);
  });

  it('declares a type once when several confident signatures share it', () => {
    const page = search('refund');
    expect(ids(page.operations)).toEqual(['RefundOrder', 'RefundOrderLine']);
    expect(page.operations.every((entry) => entry.signature?.endsWith('): OrderResult'))).toBe(true);
    expect(Object.keys(page.types ?? {})).toEqual(['OrderResult']);
  });

  it('shows no signature where the ranking cannot tell the matches apart, and lists without a query compactly', () => {
    const broad = search('orders');
    expect(broad.operations.filter((entry) => entry.signature)).toEqual([]);
    expect(broad.total).toBeGreaterThan(MAX_SHOWN);
    expect(broad.operations).toHaveLength(MAX_SHOWN);
    expect(broad.nextCursor).toEqual(expect.any(String));
    const all = search('');
    expect(all.operations).toHaveLength(OPERATIONS.length);
    expect(all.operations.some((entry) => entry.signature !== undefined)).toBe(false);
  });

  it('answers an exact id with that operation alone, the rest of the ranking behind the cursor', () => {
    const page = search('ShipOrder');
    expect(ids(page.operations)).toEqual(['ShipOrder']);
    expect(page.operations[0].signature).toBe('command ShipOrder(args: { id: number }): OrderResult');
    expect(page.total).toBeGreaterThan(1);
    const next = search('ShipOrder', { cursor: page.nextCursor });
    expect(ids(next.operations)).not.toContain('ShipOrder');
    expect(1 + next.operations.length).toBe(page.total);
  });

  it('answers nothing found with the closest operations as lines, and a short hint', () => {
    const page = search('refnd');
    expect(page.operations.length).toBeGreaterThan(0);
    const nothing = search('xylophone');
    expect(nothing).toEqual({
      operations: [],
      total: 0,
      suggestions: [],
      hint: `Nothing matches "xylophone". Try other words, or no query to list all ${OPERATIONS.length}.`,
    });
    const near = service.search(
      { query: 'stok valu', kind: 'query', limit: 20, detail: 'summary' },
      ClientFilters.ALLOW_ALL,
    );
    expect(near.suggestions?.[0]).toEqual({
      id: 'StockValue',
      kind: 'report',
      description: 'Value of the stock on hand.',
    });
    expect(near.suggestions?.every((entry) => entry.kind !== 'query' && entry.signature === undefined)).toBe(true);
    expect(near.hint).toBe(
      `No query matches "stok valu"; the closest are of other kinds. Try other words, or no query to list all ${OPERATIONS.length}.`,
    );
  });
});
