import { PLUGIN_FILE_METADATA } from '@myko/registry';
import type { DynamicModule, Provider, Type } from '@nestjs/common';

type ModuleRef = Type | DynamicModule;
/** The keys `@Module()` stores its metadata under (Nest's MODULE_METADATA values). */
const MODULE_KEYS = ['imports', 'providers', 'controllers', 'exports'];

function isClass(value: unknown): value is Type {
  return typeof value === 'function' && /^class[\s{]/.test(Function.prototype.toString.call(value));
}

function isNestModuleClass(value: unknown): value is Type {
  return isClass(value) && MODULE_KEYS.some((key) => Reflect.hasOwnMetadata(key, value));
}

function isDynamicModule(value: unknown): value is DynamicModule {
  return typeof value === 'object' && value !== null && isClass((value as DynamicModule).module);
}

/** A Nest module class (decorated with `@Module`) or a dynamic module object (`{ module, providers… }`). */
export function isNestModule(value: unknown): value is ModuleRef {
  return isNestModuleClass(value) || isDynamicModule(value);
}

/**
 * The modules a plugin file exports: its default export when that is a module, else every named
 * export that is one. CommonJS `module.exports = SomeModule` counts as a default export.
 */
export function exportedModules(exports: unknown): ModuleRef[] {
  if (isNestModule(exports)) return [exports];
  if (typeof exports !== 'object' || exports === null) return [];
  const named = exports as Record<string, unknown>;
  if (isNestModule(named.default)) return [named.default];
  return Object.values(named).filter(isNestModule);
}

function providerClass(provider: Provider): Type | undefined {
  if (isClass(provider)) return provider;
  const useClass = (provider as { useClass?: unknown }).useClass;
  return isClass(useClass) ? useClass : undefined;
}

function unwrap(ref: unknown): unknown {
  const forward = (ref as { forwardRef?: () => unknown } | undefined)?.forwardRef;
  return typeof forward === 'function' ? forward() : ref;
}

/**
 * Tags every provider class reachable from `root` (through its imports) with the plugin file, so
 * a registration error (a duplicate operation name) names the file. Classes already tagged keep
 * their first file.
 */
export function tagProviders(root: ModuleRef, file: string, seen = new Set<unknown>()): void {
  if (seen.has(root)) return;
  seen.add(root);
  const moduleClass = isDynamicModule(root) ? root.module : root;
  const meta = (key: string): unknown[] => (Reflect.getMetadata(key, moduleClass) as unknown[] | undefined) ?? [];
  const dynamic = isDynamicModule(root) ? root : undefined;
  for (const provider of [...meta('providers'), ...meta('controllers'), ...(dynamic?.providers ?? [])]) {
    const type = providerClass(provider as Provider);
    if (type && !Reflect.hasOwnMetadata(PLUGIN_FILE_METADATA, type))
      Reflect.defineMetadata(PLUGIN_FILE_METADATA, file, type);
  }
  for (const imported of [...meta('imports'), ...(dynamic?.imports ?? [])]) {
    const next = unwrap(imported);
    if (isNestModule(next)) tagProviders(next, file, seen);
  }
}
