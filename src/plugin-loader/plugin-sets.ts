import { existsSync } from 'node:fs';
import { extname, join } from 'node:path';
import type { DynamicModule, Type } from '@nestjs/common';
import type { AppConfig } from '../config/app-config.interface';
import { PluginLoadError } from './plugin-load.error';
import { SERVICE_ROOT } from './shared-modules';
import { installSharedModuleResolution } from './shared-modules.hook';

type ModuleRef = Type | DynamicModule;

/** What the conformance set's entry exports (test/fixtures/plugins/conformance). */
interface ConformanceSet {
  ConformancePluginModule: Type;
}
/** What the synthetic set's entry exports (test/fixtures/plugins/synthetic). */
interface SyntheticSet {
  SyntheticOperationsModule: { forRoot(options: { count: number }): DynamicModule };
}

/**
 * The entry of a test plugin set: compiled JavaScript under build/fixtures/ (`npm run build` writes it,
 * never into dist/), or the TypeScript sources when the service itself runs from them (jest), so that
 * the fixtures share the registry the tests load.
 */
function setEntry(name: string): string {
  if (extname(__filename) === '.ts') return join(SERVICE_ROOT, 'test', 'fixtures', 'plugins', name);
  return join(SERVICE_ROOT, 'build', 'fixtures', 'plugins', name, 'index.js');
}

function loadSet<T>(name: string, flag: string): T {
  const entry = setEntry(name);
  if (extname(entry) === '.js') {
    if (!existsSync(entry))
      throw new PluginLoadError(entry, `${flag} needs the test plugin sets: run \`npm run build\``);
    installSharedModuleResolution();
  }
  try {
    return require(entry) as T;
  } catch (error) {
    throw new PluginLoadError(entry, `failed to load: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * The test plugin sets the config asks for: the MCP conformance suite's fixtures
 * (`--plugin-set conformance`) and `count` generated operations (`--synthetic N`). Neither ships in
 * dist/; both load only under their flag.
 */
export function pluginSetModules(config: Pick<AppConfig, 'serverProfile' | 'synthetic'>): ModuleRef[] {
  const modules: ModuleRef[] = [];
  if (config.serverProfile === 'conformance') {
    modules.push(loadSet<ConformanceSet>('conformance', '--plugin-set conformance').ConformancePluginModule);
  }
  if (config.synthetic) {
    const { SyntheticOperationsModule } = loadSet<SyntheticSet>('synthetic', '--synthetic');
    modules.push(SyntheticOperationsModule.forRoot({ count: config.synthetic }));
  }
  return modules;
}
