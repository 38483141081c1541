import { ClientFilters } from './client-filters';
import { FilterParseError } from './errors/filter-parse.error';

describe('approval rules', () => {
  it('require approval for names the globs match, in any layer, without hiding or refusing anything', () => {
    const profile = ClientFilters.from({ approval: ['command_Delete*', 'command:Cancel*'] }, 'profiles.ops');
    const headers = ClientFilters.from({ visibility: { deny: 'query_Secret' } });
    const both = profile.and(headers);
    for (const filters of [profile, both]) {
      expect(filters.requiresApproval('command_DeleteProduct')).toBe(true);
      expect(filters.requiresApproval('command_CancelOrder')).toBe(true);
      expect(filters.requiresApproval('command_PlaceOrder')).toBe(false);
      expect(filters.isVisible('command_DeleteProduct')).toBe(true);
      expect(filters.checkCallable('command_DeleteProduct', {})).toBeUndefined();
    }
    expect(profile.allowsAll).toBe(true);
    expect(headers.and(profile).requiresApproval('command_DeleteProduct')).toBe(true);
    expect(ClientFilters.ALLOW_ALL.and(profile)).toBe(profile);
  });

  it('refuse a malformed glob, naming where it is', () => {
    expect(() => ClientFilters.from({ approval: ['command_[Delete'] }, 'profiles.ops')).toThrow(FilterParseError);
    try {
      ClientFilters.from({ approval: ['ok_*', '!command_X'] }, 'profiles.ops');
    } catch (error) {
      expect((error as FilterParseError).source).toBe('profiles.ops.approval[1]');
    }
  });
});
