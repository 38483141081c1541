import { quote } from '@myko/filter';
import type { AccessConfigValidator } from './access-config.validator';
import type { AdminConfig } from './interfaces/access-config.interface';

const ADMIN_PATH = /^\/[A-Za-z0-9_./-]*[A-Za-z0-9_-]$/;

/** One RFC 6749 scope-token: printable ASCII without space, `"` or `\\`. */
const SCOPE_TOKEN = /^[\x21\x23-\x5B\x5D-\x7E]+$/;

/**
 * `admin`: its keys are checked with the profiles' (a key selects one profile, or is an admin key); a
 * `scope` (an OAuth scope that makes a verified bearer token an admin credential) may stand beside them or instead.
 */
export function parseAdminConfig(v: AccessConfigValidator, value: unknown, oauth: unknown): AdminConfig | undefined {
  if (value === undefined) return undefined;
  const admin = v.object(value, 'admin', ['keys', 'path', 'scope']);
  if (!admin) return undefined;
  if (admin.keys === undefined && admin.scope === undefined) {
    v.add('admin.keys', 'expected the admin API keys\' "sha256:<hex>" hashes (or an admin.scope)');
  }
  const keys = admin.keys === undefined ? [] : v.keys(admin.keys, 'admin.keys');
  if (
    admin.path !== undefined &&
    (typeof admin.path !== 'string' || !ADMIN_PATH.test(admin.path) || admin.path.includes('..'))
  ) {
    v.add('admin.path', `expected a path such as "/admin", got ${quote(admin.path)}`);
  }
  const scope = parseAdminScope(v, admin.scope, oauth);
  return {
    keys,
    ...(typeof admin.path === 'string' ? { path: admin.path } : {}),
    ...(scope === undefined ? {} : { scope }),
  };
}

function parseAdminScope(v: AccessConfigValidator, scope: unknown, oauth: unknown): string | undefined {
  if (scope === undefined) return undefined;
  if (typeof scope !== 'string' || !SCOPE_TOKEN.test(scope)) {
    v.add('admin.scope', `expected one OAuth scope such as "myko:admin" (no spaces), got ${quote(scope)}`);
    return undefined;
  }
  if (oauth === undefined) v.add('admin.scope', 'needs the oauth section: without it no bearer token is verified');
  return scope;
}
