import { Controller, Get, Header, Inject, NotFoundException, type Type } from '@nestjs/common';
import { GATEWAYS_OPTIONS } from '../gateways.constants';
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

/** The metadata of the options' `oauth` section, or undefined without one. */
function metadataOf(options: Pick<ResolvedGatewaysOptions, 'access'>): ProtectedResourceMetadata | undefined {
  const oauth = options.access?.oauth;
  if (!oauth) return undefined;
  return {
    resource: oauth.resource,
    authorization_servers: oauth.issuers.map((i) => i.issuer),
    ...(oauth.scopesSupported.length > 0 ? { scopes_supported: [...oauth.scopesSupported] } : {}),
    bearer_methods_supported: ['header'],
    ...(oauth.resourceName ? { resource_name: oauth.resourceName } : {}),
  };
}

/**
 * The controller serving the protected-resource metadata (RFC 9728) at
 * `/.well-known/oauth-protected-resource` and at its path-suffixed forms for the MCP paths (`…/mcp`,
 * `…/myko/mcp` by default), which MCP clients try first. Built per module definition, since routes are
 * fixed when a controller class is declared. Public, so any origin may read it; 404 while the options
 * have no `oauth` section (options computed at start-up, `forRootAsync`).
 */
export function protectedResourceController(mcpPaths: readonly string[]): Type {
  @Controller()
  class ProtectedResourceController {
    private readonly metadata?: ProtectedResourceMetadata;

    constructor(@Inject(GATEWAYS_OPTIONS) options: Pick<ResolvedGatewaysOptions, 'access'>) {
      this.metadata = metadataOf(options);
    }

    @Get([ROOT, ...mcpPaths.map((path) => `${ROOT}${path}`)])
    @Header('Cache-Control', 'public, max-age=300')
    @Header('Access-Control-Allow-Origin', '*')
    describe(): ProtectedResourceMetadata {
      if (!this.metadata) throw new NotFoundException();
      return this.metadata;
    }
  }
  return ProtectedResourceController;
}
