import type { OAuthConfig } from '@myko/access';
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

function quoted(value: string): string {
  return `"${value.replace(/["\\]/g, '')}"`;
}

/**
 * The `WWW-Authenticate` challenges of a resource server (RFC 6750 §3, RFC 9728 §5.1): each names the
 * metadata URL, so an MCP client discovers the authorization server from any 401 or 403.
 */
export class OAuthChallenges {
  readonly metadataUrl: string;
  private readonly scope?: string;

  constructor(config: Pick<OAuthConfig, 'resource' | 'scopesSupported'>) {
    this.metadataUrl = protectedResourceMetadataUrl(config.resource);
    this.scope = config.scopesSupported.length > 0 ? config.scopesSupported.join(' ') : undefined;
  }

  invalidToken(description: string): string {
    return this.build([`error="invalid_token"`, `error_description=${quoted(description)}`]);
  }

  insufficientScope(): string {
    return this.build([`error="insufficient_scope"`, 'error_description="The token maps to no access profile"']);
  }

  /** An API-key challenge (`Bearer realm="myko", …`) with the metadata URL and scopes added. */
  extend(challenge: string): string {
    return `${challenge}, ${this.tail()}`;
  }

  private build(parts: string[]): string {
    return ['Bearer realm="myko"', ...parts, this.tail()].join(', ');
  }

  private tail(): string {
    return [
      `resource_metadata=${quoted(this.metadataUrl)}`,
      ...(this.scope ? [`scope=${quoted(this.scope)}`] : []),
    ].join(', ');
  }
}
