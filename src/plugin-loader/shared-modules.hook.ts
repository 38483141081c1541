import Module, { register } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { isSharedSpecifier, pluginLibEntries, SERVICE_ROOT } from './shared-modules';

type ResolveFilename = (request: string, parent: NodeJS.Module | undefined, ...rest: unknown[]) => string;
const loader = Module as unknown as { _resolveFilename: ResolveFilename };

let installed = false;

/** A stand-in parent inside the service, so Node's own lookup finds the service's `node_modules`. */
function serviceParent(): NodeJS.Module {
  const parent = new Module(join(SERVICE_ROOT, 'plugin-loader.js'));
  parent.filename = parent.id;
  parent.paths = (Module as unknown as { _nodeModulePaths(dir: string): string[] })._nodeModulePaths(SERVICE_ROOT);
  return parent;
}

/** Whether `filename` lies outside the service's tree (inside it, Node's lookup already finds the service's copies). */
function isOutside(filename: string | undefined): boolean {
  return filename === undefined || !filename.startsWith(`${SERVICE_ROOT}/`);
}

/**
 * Makes `@myko/registry`, `@myko/mcp`, `@nestjs/*`, `class-validator`, `class-transformer`, `reflect-metadata`
 * and `rxjs` resolve to the service's own copies for code outside the service, through `require`
 * (CommonJS plugins) and through an ESM resolve hook (ESM plugins). Idempotent.
 */
export function installSharedModuleResolution(): void {
  if (installed) return;
  installed = true;
  const libs = pluginLibEntries();
  const parent = serviceParent();
  const original = loader._resolveFilename;
  loader._resolveFilename = function resolveShared(request, from, ...rest) {
    const lib = libs[request];
    if (lib) return lib;
    if (isSharedSpecifier(request) && isOutside(from?.filename)) return original.call(this, request, parent, ...rest);
    return original.call(this, request, from, ...rest);
  };
  register(pathToFileURL(join(__dirname, 'esm-resolve.hooks.js')).href, {
    data: {
      libUrls: Object.fromEntries(
        Object.entries(libs).map(([specifier, file]) => [specifier, pathToFileURL(file).href]),
      ),
      serviceUrl: pathToFileURL(`${SERVICE_ROOT}/`).href,
    },
  });
}
