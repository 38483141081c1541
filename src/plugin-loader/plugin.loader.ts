import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, extname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AppConfig } from '../config/app-config.interface';
import { exportedModules, tagProviders } from './nest-module.finder';
import { PluginLoadError } from './plugin-load.error';
import type { PluginModule } from './plugin-module.interface';
import { installSharedModuleResolution } from './shared-modules.hook';

// A real `import()`: TypeScript's CommonJS output would turn a literal one into `require()`.
const importEsm = new Function('url', 'return import(url)') as (url: string) => Promise<Record<string, unknown>>;

/** `.mjs`, or `.js` under a package.json with `"type": "module"`. */
function isEsm(file: string): boolean {
  const ext = extname(file);
  if (ext === '.mjs') return true;
  if (ext !== '.js') return false;
  for (let dir = dirname(file); ; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest)) {
      try {
        return (JSON.parse(readFileSync(manifest, 'utf8')) as { type?: string }).type === 'module';
      } catch {
        return false;
      }
    }
    if (dirname(dir) === dir) return false;
  }
}

async function evaluate(file: string): Promise<unknown> {
  try {
    return isEsm(file) ? await importEsm(pathToFileURL(file).href) : require(file);
  } catch (error) {
    throw new PluginLoadError(file, `failed to load: ${error instanceof Error ? error.message : String(error)}`);
  }
}

async function loadOne(file: string): Promise<PluginModule[]> {
  if (!existsSync(file) || !statSync(file).isFile()) throw new PluginLoadError(file, 'no such file');
  const modules = exportedModules(await evaluate(file));
  if (modules.length === 0) {
    throw new PluginLoadError(
      file,
      'exports no Nest module (export a class decorated with @Module(), as the default export or a named one, or a dynamic module)',
    );
  }
  for (const module of modules) tagProviders(module, file);
  return modules.map((module) => ({ file, module }));
}

/**
 * Loads the external plugin files of `config.plugins` (CommonJS or ESM), sharing the service's
 * own `@nestjs/*`, `class-validator`, `@myko/registry` and `@myko/mcp` with them, and returns the config with
 * their Nest modules as `pluginModules`. Throws `PluginLoadError` naming the file on a missing
 * file, an error while loading, or a file that exports no Nest module.
 */
export async function loadPlugins(config: AppConfig): Promise<AppConfig> {
  if (config.plugins.length === 0) return config;
  installSharedModuleResolution();
  const pluginModules: PluginModule[] = [];
  for (const file of config.plugins) pluginModules.push(...(await loadOne(file)));
  return { ...config, pluginModules };
}
