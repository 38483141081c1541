import { AdminConfigError } from './errors';
import type { AdminModuleOptions } from './interfaces';

/**
 * Refuses admin options that could never admit anyone as configured: an admin `scope` needs the access profiles'
 * OAuth settings, without which no bearer token is verified (the config file refuses the same, `admin.scope`).
 * @returns the options, checked.
 */
export function checkAdminOptions<T extends AdminModuleOptions>(options: T): T {
  if (options.scope !== undefined && !options.access?.oauth) {
    throw new AdminConfigError(
      `admin.scope "${options.scope}" needs OAuth in the access profiles (access.oauth): without it no bearer token is verified`,
    );
  }
  return options;
}
