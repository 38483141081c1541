/**
 * Copies the runtime files tsc does not emit into dist/: source text the service reads at runtime
 * (the sandbox's in-isolate bootstrap, a linted .js file that Node never loads as a module) and the
 * operator console's static files (HTML, CSS and browser ES modules, served as they are written).
 */
const { cpSync, mkdirSync } = require('node:fs');
const { dirname, join } = require('node:path');

const ROOT = join(__dirname, '..', '..');
/** Files and folders, copied to the same place under dist/. */
const ASSETS = ['libs/sandbox/src/engine/isolate-bootstrap.js', 'libs/admin/src/console'];

for (const asset of ASSETS) {
  const target = join(ROOT, 'dist', asset);
  mkdirSync(dirname(target), { recursive: true });
  cpSync(join(ROOT, asset), target, { recursive: true });
}
