import { Controller, Get, Header, Inject } from '@nestjs/common';
import { GATEWAYS_OPTIONS, MCP_HTTP_PATHS } from '../gateways.constants';
import type { ResolvedGatewaysOptions } from '../interfaces';
import { PROTECTED_RESOURCE_WELL_KNOWN } from './oauth.constants';

/** RFC 9728 §2: what a client learns about this resource server before it asks for a token. */
export interface ProtectedResourceMetadata {
  resource: string;
  authorization_servers: string[];
  scopes_supported?: string[];
  bearer_methods_supported: string[];
  resource_name?: string;
}

const ROOT = PROTECTED_RESOURCE_WELL_KNOWN.slice(1);

/**
 * Serves the protected-resource metadata (RFC 9728) at `/.well-known/oauth-protected-resource` and
 * at its path-suffixed forms for the MCP paths (`…/mcp`, `…/myko/mcp`), which MCP clients try
 * first. Registered only when the config has an `oauth` section. Public, so any origin may read it.
 */
@Controller()
export class ProtectedResourceController {
  private readonly metadata: ProtectedResourceMetadata;

  constructor(@Inject(GATEWAYS_OPTIONS) options: Pick<ResolvedGatewaysOptions, 'access'>) {
    const oauth = options.access?.oauth;
    if (!oauth) throw new Error('ProtectedResourceController needs an oauth config');
    this.metadata = {
      resource: oauth.resource,
      authorization_servers: oauth.issuers.map((i) => i.issuer),
      ...(oauth.scopesSupported.length > 0 ? { scopes_supported: [...oauth.scopesSupported] } : {}),
      bearer_methods_supported: ['header'],
      ...(oauth.resourceName ? { resource_name: oauth.resourceName } : {}),
    };
  }

  @Get([ROOT, ...MCP_HTTP_PATHS.map((path) => `${ROOT}/${path}`)])
  @Header('Cache-Control', 'public, max-age=300')
  @Header('Access-Control-Allow-Origin', '*')
  describe(): ProtectedResourceMetadata {
    return this.metadata;
  }
}
