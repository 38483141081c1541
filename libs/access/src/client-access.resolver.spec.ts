import { ClientFilters } from '@myko/filter';
import { AccessProfiles } from './access-profiles';
import { hashApiKey } from './api-key.util';
import { ClientAccessResolver } from './client-access.resolver';

const profiles = new AccessProfiles({
  auth: { required: true },
  profiles: {
    support: { keys: [hashApiKey('support-key')], visibility: { allow: ['query_*'] } },
    ops: { keys: [hashApiKey('ops-key')] },
  },
});
const withKeys = new ClientAccessResolver(profiles);
const withoutKeys = new ClientAccessResolver();

function accessOf(resolver: ClientAccessResolver, headers: Record<string, string>) {
  const resolved = resolver.resolve(headers);
  if (!('access' in resolved)) throw new Error(`refused: ${resolved.refusal.message}`);
  return resolved.access;
}

describe('ClientAccessResolver', () => {
  it('without access profiles: no principal, only the client’s own filters, and Authorization is not read', () => {
    expect(withoutKeys.authRequired).toBe(false);
    expect(accessOf(withoutKeys, { authorization: 'Bearer whatever' })).toEqual({
      principal: undefined,
      filters: ClientFilters.ALLOW_ALL,
    });
    const narrowed = accessOf(withoutKeys, { 'x-myko-tool-visibility-deny': 'command_*' });
    expect(narrowed.filters.isVisible('command_CancelOrder')).toBe(false);
  });

  it('refuses a missing or unknown key with 401 and the challenge to send', () => {
    expect(withKeys.resolve({})).toEqual({
      refusal: {
        status: 401,
        message: 'Unauthorized: An API key is required (Authorization: Bearer <key>)',
        headers: { 'WWW-Authenticate': 'Bearer realm="myko"' },
      },
    });
    expect(withKeys.resolve({ authorization: 'Bearer nope' })).toMatchObject({
      refusal: { status: 401, headers: { 'WWW-Authenticate': expect.stringContaining('invalid_token') } },
    });
  });

  it('names the profile and ANDs its filters with the headers’ (headers only narrow)', () => {
    const support = accessOf(withKeys, {
      authorization: 'Bearer support-key',
      'x-myko-tool-visibility-allow': 'command_*, query_GetOrders',
    });
    expect(support.principal).toBe('support');
    expect(support.filters.isVisible('query_GetOrders')).toBe(true);
    expect(support.filters.isVisible('query_ListOrders')).toBe(false);
    expect(support.filters.isVisible('command_CancelOrder')).toBe(false);
    // What the headers narrowed with, as sent (a paused execution keeps it); nothing without such headers.
    expect(support.narrowing).toEqual({ visibilityAllow: 'command_*, query_GetOrders' });
    expect(accessOf(withKeys, { authorization: 'Bearer support-key' }).narrowing).toBeUndefined();
  });

  it('reuses one combined filter per profile and header set, so per-filter caches stay warm', () => {
    const headers = { authorization: 'Bearer support-key', 'x-myko-tool-visibility-deny': 'query_Secret*' };
    expect(accessOf(withKeys, headers).filters).toBe(accessOf(withKeys, { ...headers }).filters);
    expect(accessOf(withKeys, { authorization: 'Bearer ops-key' }).filters).toBe(ClientFilters.ALLOW_ALL);
  });

  it('refuses malformed filter headers of a known client with 400 naming the header', () => {
    expect(withKeys.resolve({ authorization: 'Bearer ops-key', 'x-myko-tool-callable-allow': '[1]' })).toMatchObject({
      refusal: { status: 400, message: expect.stringMatching(/^Bad Request: X-Myko-Tool-Callable-Allow/) },
    });
  });
});
