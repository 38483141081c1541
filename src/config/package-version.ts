import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The directory of the nearest package.json above `from` (the repo root, from `src/` and `dist/src/`). */
export function packageRoot(from = __dirname): string | undefined {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) return undefined;
  }
}

/** The version in the nearest package.json above this file (works from `src/` and `dist/src/`). */
export function packageVersion(from = __dirname): string {
  const root = packageRoot(from);
  if (root === undefined) return '0.0.0';
  return (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version?: string }).version ?? '0.0.0';
}
