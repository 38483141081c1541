import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The version in the nearest package.json above this file (works from `src/` and `dist/src/`). */
export function packageVersion(from = __dirname): string {
  for (let dir = from; ; dir = dirname(dir)) {
    const file = join(dir, 'package.json');
    if (existsSync(file)) return (JSON.parse(readFileSync(file, 'utf8')) as { version?: string }).version ?? '0.0.0';
    if (dirname(dir) === dir) return '0.0.0';
  }
}
