import { join } from 'node:path';
import { packageRoot } from '../config/package-version';

/**
 * Packages a plugin must share with the service rather than load its own copy of: Nest's DI keys
 * providers by class identity and reads decorator metadata through these packages' registries, so a
 * second copy of `@nestjs/common` or `class-validator` would leave a plugin's operations invisible.
 */
const SHARED_PACKAGES = ['class-validator', 'class-transformer', 'reflect-metadata', 'rxjs'];
const SHARED_SCOPES = ['@nestjs/'];

/** The registry's public API under the name plugins import it by. */
export const REGISTRY_SPECIFIER = '@myko/registry';

/** The service's package root, whose `node_modules` the shared packages resolve from. */
export const SERVICE_ROOT = packageRoot(__dirname) ?? process.cwd();

/** The registry's entry file in this build. */
export function registryEntry(): string {
  return require.resolve(join(__dirname, '..', '..', 'libs', 'registry', 'src'));
}

/** `@nestjs/common`, `@nestjs/core/discovery`, `class-validator`, … (a package or one of its subpaths). */
export function isSharedSpecifier(specifier: string): boolean {
  if (SHARED_SCOPES.some((scope) => specifier.startsWith(scope))) return true;
  return SHARED_PACKAGES.some((name) => specifier === name || specifier.startsWith(`${name}/`));
}
