import { join } from 'node:path';
import { packageRoot } from '../config/package-version';

/**
 * Packages a plugin must share with the service rather than load its own copy of: Nest's DI keys
 * providers by class identity and reads decorator metadata through these packages' registries, so a
 * second copy of `@nestjs/common` or `class-validator` would leave a plugin's operations invisible.
 */
const SHARED_PACKAGES = ['class-validator', 'class-transformer', 'reflect-metadata', 'rxjs'];
const SHARED_SCOPES = ['@nestjs/'];

/** The libs a plugin may import (operations; MCP primitives), by the name it imports them by, and their folder. */
const PLUGIN_LIBS: Readonly<Record<string, string>> = { '@myko/registry': 'registry', '@myko/mcp': 'mcp' };

/** The service's package root, whose `node_modules` the shared packages resolve from. */
export const SERVICE_ROOT = packageRoot(__dirname) ?? process.cwd();

/**
 * The copy of a plugin lib the service itself runs: the monorepo's own lib (dist/libs/<lib>/src, or the
 * TypeScript sources under jest), which its imports are rewritten to; else, in the packed `myko-nest`,
 * the installed package its bare imports resolve to.
 */
function libEntry(specifier: string, lib: string): string {
  const monorepo = join(__dirname, '..', '..', 'libs', lib, 'src');
  try {
    return require.resolve(monorepo);
  } catch {
    return require.resolve(specifier);
  }
}

/** The entry file in this build of every lib plugins may import, by specifier. */
export function pluginLibEntries(): Record<string, string> {
  const entries: Record<string, string> = {};
  for (const [specifier, lib] of Object.entries(PLUGIN_LIBS)) entries[specifier] = libEntry(specifier, lib);
  return entries;
}

/** `@nestjs/common`, `@nestjs/core/discovery`, `class-validator`, … (a package or one of its subpaths). */
export function isSharedSpecifier(specifier: string): boolean {
  if (SHARED_SCOPES.some((scope) => specifier.startsWith(scope))) return true;
  return SHARED_PACKAGES.some((name) => specifier === name || specifier.startsWith(`${name}/`));
}
