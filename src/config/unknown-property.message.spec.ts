import type { AccessConfigError } from './access-config.error';
import { parseAccessConfig } from './access-config.parser';

const BASE = { auth: { required: false } };

/** The problem reported at `path` for `config`, or undefined when it parses without one there. */
function problemAt(config: object, path: string): string | undefined {
  try {
    parseAccessConfig({ ...BASE, ...config });
    return undefined;
  } catch (error) {
    return (error as AccessConfigError).issues.find((issue) => issue.path === path)?.problem;
  }
}

describe('an unknown config key', () => {
  it.each([
    ['the root', { tooolMode: 'code' }, 'tooolMode', 'toolMode'],
    ['a profile', { profiles: { p: { visibilty: { allow: ['query_*'] } } } }, 'profiles.p.visibilty', 'visibility'],
    ['audit', { audit: { enabeld: true } }, 'audit.enabeld', 'enabled'],
    ['limits', { limits: { maxSesions: 3 } }, 'limits.maxSesions', 'maxSessions'],
    [
      'limits.rateLimit',
      { limits: { rateLimit: { requestsPerSecond: 1, brust: 2 } } },
      'limits.rateLimit.brust',
      'burst',
    ],
    ['sandbox', { sandbox: { abuseBackof: {} } }, 'sandbox.abuseBackof', 'abuseBackoff'],
    ['redis', { redis: { url: 'redis://127.0.0.1:6379', keyPrefx: 'a' } }, 'redis.keyPrefx', 'keyPrefix'],
    ['oauth', { oauth: { isuers: [] } }, 'oauth.isuers', 'issuers'],
    ['observability', { observability: { metrcs: {} } }, 'observability.metrcs', 'metrics'],
    ['requestState', { requestState: { ttlSecond: 60 } }, 'requestState.ttlSecond', 'ttlSeconds'],
    [
      'a connector',
      { connectors: [{ name: 'gh', document: 'gh.json', baseUrll: 'https://api.github.com' }] },
      'connectors[0].baseUrll',
      'baseUrl',
    ],
  ])('in %s names the one key meant, after the valid ones', (_, config, path, meant) => {
    const problem = problemAt(config, path);
    expect(problem).toMatch(/^unknown property \(expected one of: [^)]+\); did you mean "[^"]+"\?$/);
    expect(problem).toContain(`did you mean "${meant}"?`);
  });

  it('suggests nothing when no valid key is close', () => {
    const problem = problemAt({ limits: { maxClients: 3 } }, 'limits.maxClients');
    expect(problem).toMatch(/^unknown property \(expected one of: .*maxSessions.*\)$/);
    expect(problem).not.toContain('did you mean');
  });
});
