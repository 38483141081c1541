import { type OperationContext, OperationError } from '@myko/registry';
import { ConnectorConfigError } from '../errors';
import type { ConnectorAuth } from '../interfaces/openapi-connector-options.interface';

const AUTHORIZATION = 'authorization';

/** The headers one call sends to authenticate, for the caller of `ctx`. */
export type BackendAuth = (ctx: OperationContext, operation: string) => Record<string, string>;

const NONE: BackendAuth = () => ({});

/**
 * How a connector authenticates: nothing, a static header from the environment (read once, at start:
 * a missing secret fails the start, not the first call), or the caller's own OAuth token when its `aud`
 * names the backend's audience. A caller without such a token is refused before any request.
 * @throws ConnectorConfigError when a static secret's variable is unset or empty
 */
export function backendAuth(
  connector: string,
  auth: ConnectorAuth | undefined,
  env: Readonly<Record<string, string | undefined>>,
): BackendAuth {
  if (!auth) return NONE;
  if ('passThrough' in auth) {
    const { audience } = auth.passThrough;
    return (ctx, operation) => {
      const bearer = ctx.client.bearer;
      if (!bearer?.audiences.includes(audience)) {
        throw new OperationError(
          `${operation} needs the caller's OAuth token for ${audience}; this client did not present one`,
          'backend_unauthorized',
        );
      }
      return { [AUTHORIZATION]: `Bearer ${bearer.token}` };
    };
  }
  const secret = env[auth.fromEnv];
  if (secret === undefined || secret.trim() === '') {
    throw new ConnectorConfigError(connector, `auth.fromEnv: the environment variable ${auth.fromEnv} is not set`);
  }
  const headers = {
    [(auth.header ?? 'Authorization').toLowerCase()]: auth.scheme ? `${auth.scheme} ${secret}` : secret,
  };
  return () => headers;
}
