import { grantedScopes, matchProfile } from './claims-profile.matcher';
import type { OAuthProfileRule } from './interfaces/oauth-config.interface';

const RULES: OAuthProfileRule[] = [
  { profile: 'admin', match: { scope: ['myko:read', 'myko:admin'] } },
  { profile: 'ops', match: { groups: 'myko-ops' } },
  { profile: 'keycloak-ops', match: { 'realm_access.roles': 'ops' } },
  { profile: 'support', match: { scope: 'myko:read' } },
];

describe('matchProfile', () => {
  it('takes the first rule whose every value is present', () => {
    expect(matchProfile(RULES, { scope: 'myko:admin myko:read' })).toBe('admin');
    expect(matchProfile(RULES, { scope: 'myko:admin' })).toBeUndefined();
    expect(matchProfile(RULES, { scope: 'myko:read', groups: ['a', 'myko-ops'] })).toBe('ops');
    expect(matchProfile(RULES, { scope: 'myko:read' })).toBe('support');
  });

  it('reads scp arrays and dotted paths, and never a prefix or substring', () => {
    expect(matchProfile(RULES, { scp: ['myko:read'] })).toBe('support');
    expect(matchProfile(RULES, { realm_access: { roles: ['ops'] } })).toBe('keycloak-ops');
    expect(matchProfile(RULES, { scope: 'myko:reader' })).toBeUndefined();
    expect(matchProfile(RULES, { groups: 'myko-ops-extra' })).toBeUndefined();
    expect(matchProfile(RULES, { 'realm_access.roles': 'x', realm_access: { roles: ['ops'] } })).toBe('keycloak-ops');
  });

  it('reads a dotted name as the nested path only, and a URI name as one claim', () => {
    expect(matchProfile(RULES, { 'realm_access.roles': 'ops' })).toBeUndefined();
    expect(matchProfile(RULES, { 'realm_access.roles': 'ops', realm_access: { roles: ['x'] } })).toBeUndefined();
    const uri: OAuthProfileRule[] = [{ profile: 'ns', match: { 'https://example.com/roles': 'ops' } }];
    expect(matchProfile(uri, { 'https://example.com/roles': ['ops'] })).toBe('ns');
    expect(matchProfile(uri, { 'https://example': { 'com/roles': ['ops'] } })).toBeUndefined();
  });

  it('does not walk the prototype chain', () => {
    expect(matchProfile([{ profile: 'p', match: { 'constructor.name': 'Object' } }], {})).toBeUndefined();
    expect(grantedScopes({ scope: 42 as unknown as string })).toEqual(new Set());
  });
});
