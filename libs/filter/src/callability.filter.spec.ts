import { ClientFilters } from './client-filters';

const callable = (allow?: object, deny?: object) =>
  ClientFilters.from({
    callable: { allow: allow && JSON.stringify(allow), deny: deny && JSON.stringify(deny) },
  });

describe('ClientFilters callability', () => {
  const allowUs = callable({ command_CancelOrder: { warehouse: ['US-1', 'US-2'] } });

  it('allows a listed value', () => {
    expect(allowUs.checkCallable('command_CancelOrder', { orderId: 7, warehouse: 'US-2' })).toBeUndefined();
  });

  it('refuses a value not in the allow list, naming tool, argument, value and rule', () => {
    expect(allowUs.checkCallable('command_CancelOrder', { warehouse: 'EU-1' })).toBe(
      'Call to command_CancelOrder refused: argument `warehouse` value "EU-1" is not in the allowed list ["US-1","US-2"]',
    );
  });

  it('refuses a missing argument the allow list constrains', () => {
    for (const args of [{ orderId: 7 }, { warehouse: undefined }, undefined, null, 'x', [1]]) {
      expect(allowUs.checkCallable('command_CancelOrder', args)).toBe(
        'Call to command_CancelOrder refused: argument `warehouse` is required by the allow list',
      );
    }
  });

  it('lets unrelated tools pass', () => {
    expect(allowUs.checkCallable('command_PlaceOrder', {})).toBeUndefined();
    expect(allowUs.checkCallable('execute', { code: 'return 1' })).toBeUndefined();
  });

  it('refuses a denied value and allows others or an absent argument', () => {
    const denyEu = callable(undefined, { command_CancelOrder: { warehouse: ['EU-1'] } });
    expect(denyEu.checkCallable('command_CancelOrder', { warehouse: 'EU-1' })).toBe(
      'Call to command_CancelOrder refused: argument `warehouse` value "EU-1" is in the denied list ["EU-1"]',
    );
    expect(denyEu.checkCallable('command_CancelOrder', { warehouse: 'US-1' })).toBeUndefined();
    expect(denyEu.checkCallable('command_CancelOrder', {})).toBeUndefined();
  });

  it('checks deny first', () => {
    const both = callable({ command_X: { w: ['A'] } }, { command_X: { w: ['A'] } });
    expect(both.checkCallable('command_X', { w: 'A' })).toContain('is in the denied list');
  });

  it('compares values as JSON: objects regardless of key order, numbers by value, types strictly', () => {
    const filters = callable({ query_Find: { where: [{ a: 1, b: [1, { c: null }] }], limit: [10] } });
    expect(
      filters.checkCallable('query_Find', { where: { b: [1.0, { c: null }], a: 1 }, limit: 10.0 }),
    ).toBeUndefined();
    expect(filters.checkCallable('query_Find', { where: { a: 1, b: [{ c: null }, 1] }, limit: 10 })).toContain(
      'is not in the allowed list',
    );
    expect(filters.checkCallable('query_Find', { where: { a: 1, b: [1, { c: null }], d: 0 }, limit: 10 })).toContain(
      'argument `where`',
    );
    expect(filters.checkCallable('query_Find', { where: { a: 1, b: [1, { c: null }] }, limit: '10' })).toContain(
      'argument `limit` value "10" is not in the allowed list [10]',
    );
  });

  it('normalizes the first colon of rule keys and of called names', () => {
    const filters = callable({ 'command:CancelOrder': { warehouse: ['US-1'] } });
    expect(filters.checkCallable('command_CancelOrder', { warehouse: 'EU-1' })).toContain('refused');
    expect(filters.checkCallable('command:CancelOrder', { warehouse: 'EU-1' })).toContain('command_CancelOrder');
  });

  it('applies glob keys to every matching tool and names the rule', () => {
    const filters = callable({ 'command_*': { warehouse: ['US-1'] }, command_CancelOrder: { reason: ['fraud'] } });
    expect(filters.checkCallable('command_PlaceOrder', { warehouse: 'EU-1' })).toBe(
      'Call to command_PlaceOrder refused: argument `warehouse` value "EU-1" is not in the allowed list ["US-1"] (rule `command_*`)',
    );
    expect(filters.checkCallable('command_CancelOrder', { warehouse: 'US-1' })).toContain('`reason` is required');
    expect(filters.checkCallable('command_CancelOrder', { warehouse: 'US-1', reason: 'fraud' })).toBeUndefined();
    expect(filters.checkCallable('query_GetOrders', {})).toBeUndefined();
  });

  it('refuses names that rules cannot judge safely', () => {
    expect(allowUs.checkCallable('command/CancelOrder', {})).toContain('not a valid tool name');
  });

  it('allows every call under ALLOW_ALL', () => {
    expect(ClientFilters.ALLOW_ALL.checkCallable('command_CancelOrder', { warehouse: 'EU-1' })).toBeUndefined();
  });
});
