import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

export * from 'node:fs';

const picomatch = createRequire(import.meta.url)('picomatch');

/** Minimal `fs.globSync(pattern, { cwd })` for Node 20: walks cwd and matches relative paths. */
export function globSync(pattern, options = {}) {
  if (typeof fs.globSync === 'function') return fs.globSync(pattern, options);
  const cwd = options.cwd ?? process.cwd();
  if (!fs.existsSync(cwd)) return [];
  const patterns = Array.isArray(pattern) ? pattern : [pattern];
  const isMatch = picomatch(patterns, { dot: true });
  const entries = fs.readdirSync(cwd, { recursive: true });
  return entries.map((p) => String(p).split(path.sep).join('/')).filter((p) => isMatch(p));
}

export default { ...fs, globSync };
