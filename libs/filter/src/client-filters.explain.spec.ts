import { ClientFilters } from './client-filters';

const NAMES = ['query_GetOrders', 'command_CancelOrder', 'command_DeleteOrder', 'view_Board', 'bad name', 'search'];
const profile = ClientFilters.from(
  {
    visibility: { allow: ['query_*', 'command_*'], deny: ['command_Delete*'] },
    callable: {
      allow: { command_CancelOrder: { warehouseCode: ['BER'] } },
      deny: { 'command_*': { warehouseCode: ['MUC'] } },
    },
    approval: ['command_Cancel*'],
  },
  'profiles.ops',
);
const headers = ClientFilters.from({ visibility: { deny: ['query_*'] } });

describe('ClientFilters explains its own decisions', () => {
  it.each([profile, profile.and(headers), ClientFilters.ALLOW_ALL])(
    'explainVisibility agrees with isVisible (%#)',
    (filters) => {
      for (const name of NAMES)
        expect([name, filters.explainVisibility(name).visible]).toEqual([name, filters.isVisible(name)]);
    },
  );

  it('names the list, pattern and layer that decided', () => {
    expect(profile.explainVisibility('command_DeleteOrder')).toEqual({
      visible: false,
      list: 'deny',
      pattern: 'command_Delete*',
      layer: 0,
    });
    expect(profile.explainVisibility('view_Board')).toEqual({ visible: false, list: 'allow', layer: 0 });
    expect(profile.explainVisibility('query_GetOrders')).toEqual({
      visible: true,
      list: 'allow',
      pattern: 'query_*',
      layer: 0,
    });
    expect(profile.and(headers).explainVisibility('query_GetOrders')).toEqual({
      visible: false,
      list: 'deny',
      pattern: 'query_*',
      layer: 1,
    });
    expect(ClientFilters.ALLOW_ALL.explainVisibility('view_Board')).toEqual({ visible: true, list: 'none' });
  });

  it('explainCall gives checkCallable refusal with its rule and argument', () => {
    const cases = [{ warehouseCode: 'BER' }, { warehouseCode: 'MUC' }, { warehouseCode: 'HAM' }, {}];
    for (const args of cases) {
      expect(profile.explainCall('command_CancelOrder', args)?.message).toBe(
        profile.checkCallable('command_CancelOrder', args),
      );
    }
    expect(profile.explainCall('command_CancelOrder', { warehouseCode: 'MUC' })).toMatchObject({
      list: 'deny',
      rule: 'command_*',
      argument: 'warehouseCode',
      layer: 0,
    });
    expect(profile.explainCall('command_CancelOrder', { warehouseCode: 'HAM' })).toMatchObject({
      list: 'allow',
      rule: 'command_CancelOrder',
    });
  });

  it('lists the callability rules that apply, deny first, and the approval glob', () => {
    expect(profile.callableRulesFor('command_CancelOrder')).toEqual([
      { list: 'deny', rule: 'command_*', arguments: { warehouseCode: ['MUC'] }, layer: 0 },
      { list: 'allow', rule: 'command_CancelOrder', arguments: { warehouseCode: ['BER'] }, layer: 0 },
    ]);
    expect(profile.callableRulesFor('query_GetOrders')).toEqual([]);
    expect(profile.approvalRuleFor('command_CancelOrder')).toBe('command_Cancel*');
    expect(profile.approvalRuleFor('command_DeleteOrder')).toBeUndefined();
  });
});
