import { digestApiKey } from './api-key.util';
import { tokenHolderKeyId, tokenHolderOf } from './principal-identity';

const digest = () => 'token-digest';

describe('token holder identity', () => {
  it('is issuer plus sub, else issuer plus client_id in its own namespace, else the token', () => {
    expect(tokenHolderOf('https://a', { sub: 'alice', client_id: 'app' }, digest)).toEqual({
      issuer: 'https://a',
      kind: 'sub',
      id: 'alice',
    });
    expect(tokenHolderOf('https://a', { client_id: 'app' }, digest)).toMatchObject({ kind: 'client_id', id: 'app' });
    expect(tokenHolderOf('https://a', { sub: '' }, digest)).toMatchObject({ kind: 'token', id: 'token-digest' });
  });

  it('tells issuers, namespaces and API keys apart, and names one holder the same each time', () => {
    const ids = [
      tokenHolderKeyId({ issuer: 'https://a', kind: 'sub', id: 'alice' }),
      tokenHolderKeyId({ issuer: 'https://b', kind: 'sub', id: 'alice' }),
      tokenHolderKeyId({ issuer: 'https://a', kind: 'client_id', id: 'alice' }),
      tokenHolderKeyId({ issuer: 'https://a", "sub', kind: 'sub', id: '' }),
      digestApiKey('alice').toString('hex'),
    ];
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids[0]).toMatch(/^[0-9a-f]{64}$/);
    expect(tokenHolderKeyId({ issuer: 'https://a', kind: 'sub', id: 'alice' })).toBe(ids[0]);
  });
});
