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

  it('refuses a denied value and allows others', () => {
    const denyEu = callable(undefined, { command_CancelOrder: { warehouse: ['EU-1'] } });
    expect(denyEu.checkCallable('command_CancelOrder', { warehouse: 'EU-1' })).toBe(
      'Call to command_CancelOrder refused: argument `warehouse` value "EU-1" is in the denied list ["EU-1"]',
    );
    expect(denyEu.checkCallable('command_CancelOrder', { warehouse: 'US-1' })).toBeUndefined();
  });

  it('refuses an omitted (or null) denied argument: the operation is then not restricted at all', () => {
    const denyEu = callable(undefined, { command_CancelOrder: { warehouse: ['EU-1'] } });
    for (const args of [{}, { warehouse: null }, { warehouse: undefined }, undefined]) {
      expect(denyEu.checkCallable('command_CancelOrder', args)).toBe(
        'Call to command_CancelOrder refused: argument `warehouse` is omitted, so the call is not restricted to values outside the denied list ["EU-1"]',
      );
    }
  });

  it("compares an omitted argument as the operation's default when it declares one", () => {
    const deny = callable(undefined, { query_List: { limit: [500] } });
    const defaultsTo = (limit: number) => ({ value: (_a: string, v: unknown) => v, defaultOf: () => limit });
    expect(deny.checkCallable('query_List', {}, defaultsTo(500))).toContain('value 500 is in the denied list');
    expect(deny.checkCallable('query_List', {}, defaultsTo(50))).toBeUndefined();
    // Allow stays fail-closed: a default does not stand in for a required value.
    expect(callable({ query_List: { limit: [50] } }).checkCallable('query_List', {}, defaultsTo(50))).toContain(
      'required by the allow list',
    );
  });

  describe('canonical forms (the operation compares case-insensitively)', () => {
    const upper = {
      value: (_a: string, v: unknown) => (typeof v === 'string' ? v.toUpperCase() : v),
      defaultOf: () => undefined,
    };
    const deny = callable(undefined, { command_CancelOrder: { warehouseCode: ['BER'] } });
    const allow = callable({ command_CancelOrder: { warehouseCode: ['ber'] } });

    it.each(['BER', 'ber', 'bEr', 'Ber'])('a deny of "BER" refuses %j, and an allow of "ber" admits it', (code) => {
      expect(deny.checkCallable('command_CancelOrder', { warehouseCode: code }, upper)).toContain('in the denied list');
      expect(allow.checkCallable('command_CancelOrder', { warehouseCode: code }, upper)).toBeUndefined();
    });

    it('without forms values compare exactly (tools without a DTO)', () => {
      expect(deny.checkCallable('command_CancelOrder', { warehouseCode: 'ber' })).toBeUndefined();
      expect(allow.checkCallable('command_CancelOrder', { warehouseCode: 'BER' })).toContain('not in the allowed list');
    });
  });

  describe('array arguments (shape games)', () => {
    const deny = callable(undefined, { query_GetProducts: { skus: ['ELE-001'] } });
    const allow = callable({ query_GetProducts: { skus: ['ELE-001', 'ELE-002'] } });

    it('a deny of a value refuses an array holding it', () => {
      expect(deny.checkCallable('query_GetProducts', { skus: ['ELE-009', 'ELE-001'] })).toContain('in the denied list');
      expect(deny.checkCallable('query_GetProducts', { skus: ['ELE-009'] })).toBeUndefined();
    });

    it('an allow admits an array only when every item is allowed', () => {
      expect(allow.checkCallable('query_GetProducts', { skus: ['ELE-002', 'ELE-001'] })).toBeUndefined();
      expect(allow.checkCallable('query_GetProducts', { skus: ['ELE-001', 'ELE-003'] })).toContain(
        'not in the allowed list',
      );
    });
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
