/**
 * Copies the runtime files tsc does not emit into dist/: source text the service reads at runtime
 * (the sandbox's in-isolate bootstrap, a linted .js file that Node never loads as a module).
 */
const { copyFileSync, mkdirSync } = require('node:fs');
const { dirname, join } = require('node:path');

const ROOT = join(__dirname, '..', '..');
const ASSETS = ['libs/sandbox/src/engine/isolate-bootstrap.js'];

for (const asset of ASSETS) {
  const target = join(ROOT, 'dist', asset);
  mkdirSync(dirname(target), { recursive: true });
  copyFileSync(join(ROOT, asset), target);
}
