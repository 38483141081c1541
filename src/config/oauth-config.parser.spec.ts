import Ajv2020 from 'ajv/dist/2020';
import { AccessConfigError } from './access-config.error';
import { parseAccessConfig } from './access-config.parser';
import schema from './access-config.schema.json';

const PROFILES = { support: { visibility: { allow: ['query_*'] } }, ops: {} };
const OAUTH = {
  resource: 'https://mcp.example.com/mcp',
  issuers: ['https://idp.example.com/realms/acme'],
  profiles: [
    { profile: 'ops', match: { groups: 'myko-ops' } },
    { profile: 'support', match: { scope: ['myko:read'] } },
  ],
};

function issuesOf(oauth: unknown): { path: string; problem: string }[] {
  try {
    parseAccessConfig({ profiles: PROFILES, oauth }, 'myko.config.json');
  } catch (error) {
    expect(error).toBeInstanceOf(AccessConfigError);
    return [...(error as AccessConfigError).issues];
  }
  throw new Error('expected an AccessConfigError');
}

const validate = new Ajv2020({ strict: true, allErrors: true }).compile(schema);

describe('the oauth section', () => {
  it('accepts issuers, rules and defaults, without any API key while auth is required', () => {
    const config = parseAccessConfig({ profiles: PROFILES, oauth: OAUTH });
    expect(config.auth.required).toBe(true);
    expect(config.oauth).toEqual({
      ...OAUTH,
      issuers: [{ issuer: 'https://idp.example.com/realms/acme' }],
      scopesSupported: ['myko:read'],
      clockSkewSeconds: 30,
      algorithms: ['RS256', 'PS256', 'ES256', 'EdDSA'],
      jwksCooldownMs: 30_000,
      jwksCacheMaxAgeMs: 600_000,
    });
    expect(validate({ profiles: PROFILES, oauth: OAUTH })).toBe(true);
  });

  it('still refuses a config with neither keys nor oauth while auth is required', () => {
    expect(() => parseAccessConfig({ profiles: PROFILES })).toThrow(/no profile has keys/);
  });

  it.each([
    ['http resource off localhost', { resource: 'http://mcp.example.com/mcp' }, 'oauth.resource'],
    ['resource with a fragment', { resource: 'https://mcp.example.com/mcp#x' }, 'oauth.resource'],
    ['resource with a query', { resource: 'https://mcp.example.com/mcp?a=1' }, 'oauth.resource'],
    ['no issuers', { issuers: [] }, 'oauth.issuers'],
    ['an issuer that is no URL', { issuers: ['idp'] }, 'oauth.issuers[0]'],
    [
      'a bad jwksUri',
      { issuers: [{ issuer: 'https://idp.example.com', jwksUri: 'ftp://x' }] },
      'oauth.issuers[0].jwksUri',
    ],
    [
      'a rule naming no profile',
      { profiles: [{ profile: 'admin', match: { scope: 'x' } }] },
      'oauth.profiles[0].profile',
    ],
    ['an empty match', { profiles: [{ profile: 'ops', match: {} }] }, 'oauth.profiles[0].match'],
    ['a match on a number', { profiles: [{ profile: 'ops', match: { level: 3 } }] }, 'oauth.profiles[0].match'],
    ['no rules', { profiles: [] }, 'oauth.profiles'],
    ['alg none', { algorithms: ['RS256', 'none'] }, 'oauth.algorithms'],
    ['a shared-secret alg', { algorithms: ['HS256'] }, 'oauth.algorithms'],
    ['a negative skew', { clockSkewSeconds: -1 }, 'oauth.clockSkewSeconds'],
    ['an unknown key', { audience: 'x' }, 'oauth.audience'],
  ])('refuses %s, naming the path, as the schema does', (_name, change, path) => {
    const oauth = { ...OAUTH, ...change };
    expect(issuesOf(oauth).map((issue) => issue.path)).toContain(path);
    const schemaCatches = validate({ profiles: PROFILES, oauth });
    // The schema cannot know profile names or URL rules beyond "uri"; everything else it refuses too.
    if (!['oauth.profiles[0].profile', 'oauth.resource', 'oauth.issuers[0]', 'oauth.issuers[0].jwksUri'].includes(path))
      expect(schemaCatches).toBe(false);
  });
});
