import { leastScope, OAuthChallenges } from './oauth.challenges';

describe('OAuthChallenges', () => {
  it('asks for the scopes of the rule naming the fewest, the later rule on a tie', () => {
    const profile = 'p';
    expect(
      leastScope([
        { profile, match: { groups: 'ops' } },
        { profile, match: { scope: 'myko:read' } },
      ]),
    ).toBe('myko:read');
    expect(
      leastScope([
        { profile, match: { scope: ['myko:read', 'myko:ops'] } },
        { profile, match: { scope: 'myko:ops' } },
        { profile, match: { scope: 'myko:read' } },
      ]),
    ).toBe('myko:read');
    expect(leastScope([{ profile, match: { groups: 'ops' } }])).toBeUndefined();
  });

  it('puts scope and resource_metadata before an escaped error_description', () => {
    const challenges = new OAuthChallenges({
      resource: 'https://mcp.example.com/mcp',
      profiles: [{ profile: 'support', match: { scope: 'myko:read' } }],
    });
    expect(challenges.invalidToken('must be "Bearer"')).toBe(
      'Bearer realm="myko", error="invalid_token", scope="myko:read", ' +
        'resource_metadata="https://mcp.example.com/.well-known/oauth-protected-resource/mcp", ' +
        'error_description="must be \\"Bearer\\""',
    );
  });
});
