/*
 * Node module-customisation hooks (registered by `installSharedModuleResolution`): the ESM half of
 * sharing the service's packages with plugins. Runs on Node's loader thread.
 */
import { isSharedSpecifier } from './shared-modules';

interface HookData {
  /** `@myko/registry`, `@myko/mcp` → the file URL of the service's entry. */
  libUrls: Record<string, string>;
  serviceUrl: string;
}
interface ResolveContext {
  parentURL?: string;
  conditions?: string[];
  importAttributes?: Record<string, string>;
}
type NextResolve = (specifier: string, context?: ResolveContext) => Promise<{ url: string }>;

let data: HookData | undefined;

export async function initialize(hookData: HookData): Promise<void> {
  data = hookData;
}

export async function resolve(specifier: string, context: ResolveContext, next: NextResolve) {
  if (!data) return next(specifier, context);
  const lib = data.libUrls[specifier];
  if (lib) return { url: lib, format: 'commonjs', shortCircuit: true };
  const outside = !(context.parentURL ?? '').startsWith(data.serviceUrl);
  if (isSharedSpecifier(specifier) && outside) return next(specifier, { ...context, parentURL: data.serviceUrl });
  return next(specifier, context);
}
