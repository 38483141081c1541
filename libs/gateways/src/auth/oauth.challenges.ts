import { bearerChallenge, type OAuthConfig, type OAuthProfileRule } from '@myko/access';
import { PROTECTED_RESOURCE_WELL_KNOWN } from './oauth.constants';

/**
 * The RFC 9728 metadata URL of a resource: the well-known path inserted between the host and the
 * resource's path (`https://h/mcp` → `https://h/.well-known/oauth-protected-resource/mcp`).
 */
export function protectedResourceMetadataUrl(resource: string): string {
  const url = new URL(resource);
  const path = url.pathname === '/' ? '' : url.pathname.replace(/\/$/, '');
  return `${url.origin}${PROTECTED_RESOURCE_WELL_KNOWN}${path}`;
}

function ruleScopes(rule: OAuthProfileRule): string[] {
  const wanted = rule.match.scope;
  return wanted === undefined ? [] : [wanted].flat();
}

/**
 * The least scope that grants access: the scopes of the rule naming the fewest of them (a tie goes to
 * the later rule: rules run from the most specific to the fallback). `undefined` when no rule names
 * a scope, so none is asked for. Why not every scope: a client asks its authorization server for what
 * the challenge names (MCP scope selection), and a least-privilege client may not be granted more.
 */
export function leastScope(rules: readonly OAuthProfileRule[]): string | undefined {
  let least: string[] | undefined;
  for (const scopes of rules.map(ruleScopes)) {
    if (scopes.length > 0 && (least === undefined || scopes.length <= least.length)) least = scopes;
  }
  return least?.join(' ');
}

/**
 * The `WWW-Authenticate` challenges of a resource server (RFC 6750 §3, RFC 9728 §5.1): each names the
 * metadata URL and the least scope that grants access, so an MCP client discovers the authorization
 * server and what to ask it for from any 401 or 403. `scope` and `resource_metadata` come before
 * `error_description`, so clients reading the header with a plain pattern find them first.
 */
export class OAuthChallenges {
  readonly metadataUrl: string;
  /** What the 401 and 403 challenges ask for (see {@link leastScope}). */
  readonly scope?: string;

  constructor(config: Pick<OAuthConfig, 'resource' | 'profiles'>) {
    this.metadataUrl = protectedResourceMetadataUrl(config.resource);
    this.scope = leastScope(config.profiles);
  }

  invalidToken(description: string): string {
    return this.build({ error: 'invalid_token', error_description: description });
  }

  invalidRequest(description: string): string {
    return this.build({ error: 'invalid_request', error_description: description });
  }

  insufficientScope(): string {
    return this.build({ error: 'insufficient_scope', error_description: 'The token maps to no access profile' });
  }

  /** An API-key challenge's parameters (`error`, `error_description`) with the metadata URL and scope added. */
  extend(params: Readonly<Record<string, string>>): string {
    return this.build(params);
  }

  private build({ error, error_description, ...rest }: Readonly<Record<string, string | undefined>>): string {
    return bearerChallenge({
      error,
      scope: this.scope,
      resource_metadata: this.metadataUrl,
      ...rest,
      error_description,
    });
  }
}
