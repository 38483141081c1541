import { ClientFilters } from './client-filters';
import { FilterParseError } from './errors/filter-parse.error';

const visibility = (allow?: string, deny?: string) => ClientFilters.from({ visibility: { allow, deny } });

const OPS = ['query_GetOrders', 'query_GetOrder', 'view_OrderBoard', 'report_SalesByMonth', 'command_CancelOrder'];
const visibleOps = (filters: ClientFilters) => OPS.filter((name) => filters.isVisible(name));

describe('ClientFilters visibility', () => {
  it('shows everything with no patterns (and ALLOW_ALL)', () => {
    expect(visibleOps(visibility())).toEqual(OPS);
    expect(visibility('', ' , ')).toBe(ClientFilters.ALLOW_ALL);
    expect(visibleOps(ClientFilters.ALLOW_ALL)).toEqual(OPS);
    expect(ClientFilters.ALLOW_ALL.allowsAll).toBe(true);
  });

  it.each([
    ['query_GetOrders', ['query_GetOrders']],
    ['query_*', ['query_GetOrders', 'query_GetOrder']],
    ['*Order', ['query_GetOrder', 'command_CancelOrder']],
    ['query_Get*s', ['query_GetOrders']],
    ['{view,report}_*', ['view_OrderBoard', 'report_SalesByMonth']],
    ['query_GetOrder, command_*', ['query_GetOrder', 'command_CancelOrder']],
    ['*', OPS],
    ['**', OPS],
  ])('allow %s', (allow, expected) => {
    expect(visibleOps(visibility(allow))).toEqual(expected);
  });

  it('lets deny win over allow', () => {
    expect(visibleOps(visibility('query_*', 'query_GetOrder'))).toEqual(['query_GetOrders']);
    expect(visibleOps(visibility('query_GetOrders', 'query_*'))).toEqual([]);
    expect(visibleOps(visibility(undefined, 'command_*'))).toEqual(OPS.slice(0, 4));
  });

  it('reads the first colon as an underscore in patterns and in names', () => {
    expect(visibleOps(visibility('query:Get*'))).toEqual(['query_GetOrders', 'query_GetOrder']);
    expect(visibility('query_*').isVisible('query:GetOrders')).toBe(true);
    expect(visibility(undefined, 'command:Cancel*').isVisible('command:CancelOrder')).toBe(false);
  });

  it('is case-sensitive', () => {
    expect(visibility('query_getorders').isVisible('query_GetOrders')).toBe(false);
  });

  it('hides names that globs cannot judge safely under a non-empty filter', () => {
    const denyAll = visibility(undefined, '*');
    expect(denyAll.isVisible('query/GetOrders')).toBe(false);
    expect(denyAll.isVisible('query_Get\nOrders')).toBe(false);
    expect(visibility('*').isVisible(`query_${'x'.repeat(200)}`)).toBe(false);
  });
});

describe('ClientFilters meta tools', () => {
  it('keeps search and execute visible under an allow list written in operation names', () => {
    const filters = visibility('query_*');
    expect(filters.isMetaToolVisible('search')).toBe(true);
    expect(filters.isMetaToolVisible('execute')).toBe(true);
    expect(filters.isVisible('command_CancelOrder')).toBe(false);
  });

  it('hides a meta tool only on an explicit deny', () => {
    const filters = visibility('query_*', 'execute');
    expect(filters.isMetaToolVisible('execute')).toBe(false);
    expect(filters.isMetaToolVisible('search')).toBe(true);
  });

  it('hides everything, meta tools included, with a deny of *', () => {
    const filters = visibility(undefined, '*');
    expect(filters.isMetaToolVisible('search')).toBe(false);
    expect(filters.isMetaToolVisible('execute')).toBe(false);
    expect(visibleOps(filters)).toEqual([]);
  });

  it('does not hide meta tools with an operation deny list', () => {
    expect(visibility(undefined, 'query_*, command_*').isMetaToolVisible('search')).toBe(true);
  });
});

describe('ClientFilters.from', () => {
  it('names the malformed part of a structured spec', () => {
    expect(() => ClientFilters.from({ visibility: { deny: ['command_{Delete'] } }, 'profiles.ops')).toThrow(
      expect.objectContaining({ source: 'profiles.ops.visibility.deny[0]' }),
    );
    expect(() => ClientFilters.from({ callable: { allow: '[1]' } })).toThrow(FilterParseError);
  });

  it('accepts callability given as objects (config) or JSON text (headers)', () => {
    const rules = { command_CancelOrder: { warehouse: ['US-1'] } };
    for (const allow of [rules, JSON.stringify(rules)]) {
      const filters = ClientFilters.from({ callable: { allow } });
      expect(filters.checkCallable('command_CancelOrder', { warehouse: 'US-1' })).toBeUndefined();
      expect(filters.checkCallable('command_CancelOrder', { warehouse: 'EU-1' })).toBeDefined();
    }
  });
});

describe('ClientFilters ruled arguments', () => {
  it('names the arguments any callability rule constrains for an operation, deny first, each once', () => {
    const profile = ClientFilters.from(
      {
        callable: {
          allow: { 'command_*Order': { warehouseCode: ['BER'] }, command_PlaceOrder: { customerId: [1] } },
          deny: { command_PlaceOrder: { priority: ['rush'], warehouseCode: ['MAD'] } },
        },
      },
      'profiles.ops',
    );
    const request = ClientFilters.from({ callable: { allow: { command_PlaceOrder: { note: ['x'] } } } }, 'headers');
    const both = profile.and(request);
    expect(both.ruledArguments('command_PlaceOrder')).toEqual(['priority', 'warehouseCode', 'customerId', 'note']);
    expect(both.ruledArguments('command:CancelOrder')).toEqual(['warehouseCode']);
    expect(both.ruledArguments('query_GetOrders')).toEqual([]);
  });
});
