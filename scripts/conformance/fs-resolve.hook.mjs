const shim = new URL('./fs-with-glob.mjs', import.meta.url).href;

export async function resolve(specifier, context, next) {
  const isFs = specifier === 'fs' || specifier === 'node:fs';
  if (isFs && context.parentURL !== shim) return { url: shim, shortCircuit: true };
  return next(specifier, context);
}
