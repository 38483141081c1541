import { SearchNotation } from './search-notation';
import type { SearchEntry, SearchPage } from './search-result.interface';

const cancel: SearchEntry = Object.freeze({
  id: 'CancelOrder',
  kind: 'command',
  description: 'Cancel an order. Cannot be undone.',
  signature: 'command CancelOrder(args: { orderId: number }): OrderDetail',
});
const get: SearchEntry = Object.freeze({
  id: 'GetOrder',
  kind: 'query',
  description: 'One order.',
  signature: 'query GetOrder(args: { id: number }): OrderDetail',
  watchable: true,
});
const list: SearchEntry = Object.freeze({
  id: 'ListOrders',
  kind: 'query',
  description: 'Page through orders.',
  watchable: true,
});

describe('SearchNotation', () => {
  const notation = new SearchNotation();

  it('writes the count and cursor, each signature under its description, shared types once, then one line per other entry', () => {
    const page: SearchPage = {
      operations: [cancel, get, list, { id: 'Tick', kind: 'command' }],
      types: { OrderDetail: '{ id: number; … 3 more }' },
      total: 9,
      nextCursor: 'abc',
    };
    expect(notation.render(page)).toBe(
      [
        '4 of 9 matches; next page: cursor "abc"',
        '// Cancel an order. Cannot be undone.',
        'command CancelOrder(args: { orderId: number }): OrderDetail',
        '// One order.',
        'query GetOrder(args: { id: number }): OrderDetail // live',
        'type OrderDetail = { id: number; … 3 more }',
        'query ListOrders — Page through orders.',
        'command Tick',
      ].join('\n'),
    );
    expect(notation.render(page)).toBe(notation.render(page));
    expect(notation.render({ operations: [list], total: 1 })).toBe(
      '1 of 1 match\nquery ListOrders — Page through orders.',
    );
  });

  it('answers nothing found with the hint and the closest operations as lines', () => {
    const hint = 'Nothing matches "x". Try other words, or no query to list all 9.';
    expect(notation.render({ operations: [], total: 0, suggestions: [list], hint })).toBe(
      `${hint}\nClosest:\nquery ListOrders — Page through orders.`,
    );
    expect(notation.render({ operations: [], total: 0, suggestions: [], hint })).toBe(hint);
    expect(notation.render({ operations: [], total: 0 })).toBe('0 of 0 matches');
  });

  it('says the same as the JSON in fewer bytes', () => {
    const page: SearchPage = { operations: [cancel, get, list], types: { OrderDetail: '{ id: number }' }, total: 3 };
    expect(notation.render(page).length).toBeLessThan(JSON.stringify(page).length);
  });

  it('marks a command that asks the user first (!) or that plan mode previews (~) after its id, with a legend once', () => {
    const asks: SearchEntry = { ...cancel, approval: true, preview: true };
    const previewed: SearchEntry = { id: 'SetPrice', kind: 'command', description: 'Set a price.', preview: true };
    expect(notation.render({ operations: [asks, previewed], total: 2 })).toBe(
      [
        '2 of 2 matches (! asks the user first; ~ previewed in plan mode)',
        '// Cancel an order. Cannot be undone.',
        'command CancelOrder!~(args: { orderId: number }): OrderDetail',
        'command SetPrice~ — Set a price.',
      ].join('\n'),
    );
    expect(notation.render({ operations: [cancel], total: 1 })).not.toMatch(/[!~]|asks/);
  });
});
