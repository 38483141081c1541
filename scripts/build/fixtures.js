/**
 * Compiles the test plugin sets (test/fixtures/plugins/<set>: conformance, synthetic) to
 * build/fixtures/plugins/<set>, outside dist/: the launcher loads them from there only under their flags
 * (`--plugin-set conformance`, `--synthetic N`), and the bench loads the synthetic catalogue from there.
 * Transpile only, with the same SWC settings as jest (decorator metadata on): `npm run typecheck`
 * type-checks these sources with the rest of test/. Imports stay as written; `@myko/registry` resolves
 * to the service's own copy through the external-plugin loader's shared-module resolution.
 */
const { mkdirSync, readdirSync, rmSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');
const { transformFileSync } = require('@swc/core');

const ROOT = join(__dirname, '..', '..');
const SOURCE = join(ROOT, 'test', 'fixtures', 'plugins');
const TARGET = join(ROOT, 'build', 'fixtures', 'plugins');
const SETS = ['conformance', 'synthetic'];
const OPTIONS = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
    target: 'es2022',
  },
  module: { type: 'commonjs' },
  sourceMaps: 'inline',
};

function compileDir(dir, out) {
  mkdirSync(out, { recursive: true });
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const from = join(dir, entry.name);
    if (entry.isDirectory()) compileDir(from, join(out, entry.name));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts')) {
      writeFileSync(join(out, entry.name.replace(/\.ts$/, '.js')), transformFileSync(from, OPTIONS).code);
    }
  }
}

rmSync(TARGET, { recursive: true, force: true });
for (const set of SETS) compileDir(join(SOURCE, set), join(TARGET, set));
