import { ClientFilters } from '@myko/filter';
import { AccessProfiles } from './access-profiles';
import { generateApiKey, hashApiKey } from './api-key.util';
import type { AccessProfilesConfig, OAuthConfig } from './interfaces';

const SUPPORT_KEY = generateApiKey();
const OPS_KEY = generateApiKey();

const config = (required: boolean, defaultProfile?: string): AccessProfilesConfig => ({
  auth: { required },
  profiles: {
    support: { keys: [hashApiKey(SUPPORT_KEY)], visibility: { allow: ['query_*', 'view_*'] } },
    ops: {
      keys: [hashApiKey(OPS_KEY)],
      visibility: { allow: ['query_*', 'command_CancelOrder'] },
      callable: { allow: { command_CancelOrder: { warehouse: ['US-1'] } } },
      toolMode: 'direct',
    },
  },
  ...(defaultProfile ? { defaultProfile } : {}),
});

describe('AccessProfiles', () => {
  const required = new AccessProfiles(config(true));

  it('resolves the right key to its profile, scheme case-insensitively', () => {
    const ops = required.resolveBearer(`Bearer ${OPS_KEY}`);
    expect(ops).toEqual({
      status: 'authenticated',
      profile: expect.objectContaining({ name: 'ops', toolMode: 'direct' }),
      keyId: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(required.resolveBearer(`bearer   ${SUPPORT_KEY} `)).toMatchObject({ profile: { name: 'support' } });
  });

  it('refuses a wrong key with an invalid_token challenge', () => {
    expect(required.resolveBearer(`Bearer ${SUPPORT_KEY}x`)).toEqual({
      status: 'unauthorized',
      reason: 'unknown-key',
      message: 'Unknown API key',
      challenge: 'Bearer realm="myko", error="invalid_token", error_description="Unknown API key"',
      challengeParams: { error: 'invalid_token', error_description: 'Unknown API key' },
    });
  });

  describe('says what is required: API keys, tokens of the named issuers, or either', () => {
    const oauth: OAuthConfig = {
      resource: 'https://mcp.example.com/mcp',
      issuers: [{ issuer: 'https://idp.example.com' }, { issuer: 'https://login.example.org' }],
      profiles: [{ profile: 'ops', match: { scope: 'myko:ops' } }],
      scopesSupported: ['myko:ops'],
      clockSkewSeconds: 30,
      algorithms: ['RS256'],
      jwksCooldownMs: 30_000,
      jwksCacheMaxAgeMs: 600_000,
    };
    const issuers = 'https://idp.example.com or https://login.example.org';
    const noKeys = { support: { keys: [] }, ops: { keys: [] } };

    it.each([
      ['keys only', config(true), 'an API key', 'An API key is required (Authorization: Bearer <key>)'],
      [
        'OAuth only',
        { ...config(true), profiles: noKeys, oauth },
        `a bearer token from ${issuers}`,
        `A bearer token from ${issuers} is required (Authorization: Bearer <token>)`,
      ],
      [
        'both',
        { ...config(true), oauth },
        `an API key or a bearer token from ${issuers}`,
        `An API key or a bearer token from ${issuers} is required (Authorization: Bearer <key or token>)`,
      ],
    ])('%s', (_, profilesConfig, accepts, missing) => {
      const profiles = new AccessProfiles(profilesConfig as AccessProfilesConfig);
      expect(profiles.accepts).toBe(accepts);
      expect(profiles.resolveBearer(undefined)).toMatchObject({ reason: 'missing', message: missing });
    });

    it('an OAuth-only server calls a bearer that is no token what it is, not an unknown API key', () => {
      const profiles = new AccessProfiles({ ...config(true), profiles: noKeys, oauth } as AccessProfilesConfig);
      expect(profiles.resolveBearer('Bearer not-a-jwt')).toMatchObject({
        reason: 'unknown-key',
        message: `Not a bearer token (JWT), and this server takes no API keys: send a bearer token from ${issuers}`,
      });
    });
  });

  it('refuses a missing key when auth is required, with a bare challenge', () => {
    expect(required.resolveBearer(undefined)).toMatchObject({
      status: 'unauthorized',
      reason: 'missing',
      challenge: 'Bearer realm="myko"',
    });
  });

  it.each([
    [''],
    ['Bearer'],
    ['Bearer '],
    [`Basic ${SUPPORT_KEY}`],
    [`Bearer ${SUPPORT_KEY} extra`],
    [`Bearer ${'k'.repeat(5000)}`],
    [[`Bearer ${SUPPORT_KEY}`, `Bearer ${OPS_KEY}`]],
  ])('refuses the malformed header %j', (header) => {
    expect(required.resolveBearer(header)).toMatchObject({ status: 'unauthorized', reason: 'malformed' });
  });

  it('lets anonymous requests in without auth, with the default profile if any', () => {
    const open = new AccessProfiles(config(false, 'support'));
    expect(open.resolveBearer(undefined)).toEqual({ status: 'anonymous', profile: open.byName('support') });
    expect(new AccessProfiles(config(false)).resolveBearer(undefined)).toEqual({
      status: 'anonymous',
      profile: undefined,
    });
    expect(open.resolveBearer('Bearer nope')).toMatchObject({ status: 'unauthorized', reason: 'unknown-key' });
  });

  it('builds each profile filter once and serves it by profile or name', () => {
    const ops = required.byName('ops')!;
    expect(required.filtersFor(ops)).toBe(ops.filters);
    expect(required.filtersFor('ops')).toBe(ops.filters);
    expect(required.filtersFor(undefined)).toBe(ClientFilters.ALLOW_ALL);
    expect(() => required.filtersFor('admin')).toThrow('Unknown access profile: admin');
    expect(ops.filters.isVisible('command_CancelOrder')).toBe(true);
    expect(ops.filters.isVisible('command_PlaceOrder')).toBe(false);
    expect(ops.filters.checkCallable('command_CancelOrder', { warehouse: 'EU-1' })).toContain(
      'not in the allowed list',
    );
    expect(required.list().map((p) => p.name)).toEqual(['support', 'ops']);
    expect(required.authRequired).toBe(true);
  });

  it('cannot be widened by header filters', () => {
    const support = required.filtersFor('support');
    const headers = ClientFilters.from({ visibility: { allow: '*' } });
    expect(support.and(headers).isVisible('command_CancelOrder')).toBe(false);
  });
});
