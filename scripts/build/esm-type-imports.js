/**
 * Marks the packages' declaration imports of ESM-only packages (Nest 12, jose) with
 * `resolution-mode: import`. The packages are CommonJS, so a consumer compiling with
 * `module`/`moduleResolution` `node16` reads their `.d.ts` as CommonJS and refuses a plain import of
 * an ES module (TS1479, TS1541, TS1542); with the attribute, every setting (`node16`, `nodenext`,
 * `commonjs`) resolves it as an import. Declarations are types only, so `import type` loses nothing.
 */
const { existsSync, readFileSync } = require('node:fs');
const { join } = require('node:path');
const { packageOf } = require('./package-imports');

const MODE = `{ 'resolution-mode': 'import' }`;
/**
 * `import { A, type B } from 'x';`, `import type * as N from 'x';` (one statement, maybe over lines). Not
 * `export … from`: made type-only, a re-exported class would lose its value side without a word.
 */
const STATEMENT = /^import(?:\s+type)?\s+([^;'"]*?)\s+from\s+(['"])([^'"\n]+)\2\s*;/gm;
/** `import("x")`, the form tsc writes for a type it inlines. */
const IMPORT_TYPE = /\bimport\(\s*(['"])([^'"\n]+)\1\s*\)/g;

/**
 * Whether `name`, installed under `root`, is an ES module to a `require`: `"type": "module"` and no
 * `require` condition in its exports.
 */
function isEsmOnly(root, name) {
  const manifestPath = join(root, 'node_modules', name, 'package.json');
  if (!existsSync(manifestPath)) return false;
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  return manifest.type === 'module' && !JSON.stringify(manifest.exports ?? {}).includes('"require"');
}

/**
 * `text` (a `.d.ts`) with its imports of ESM-only packages type-only and carrying the
 * `resolution-mode` attribute.
 * @param {string} text
 * @param {(name: string) => boolean} esmOnly
 */
function markEsmTypeImports(text, esmOnly) {
  const isEsm = (specifier) => {
    const name = packageOf(specifier);
    return name !== undefined && esmOnly(name);
  };
  return text
    .replace(STATEMENT, (whole, clause, quote, specifier) => {
      if (!isEsm(specifier)) return whole;
      // `import type` takes no inner `type` modifiers.
      const bindings = clause.replace(/([{,]\s*)type\s+/g, '$1');
      return `import type ${bindings} from ${quote}${specifier}${quote} with ${MODE};`;
    })
    .replace(IMPORT_TYPE, (whole, quote, specifier) =>
      isEsm(specifier) ? `import(${quote}${specifier}${quote}, { with: ${MODE} })` : whole,
    );
}

module.exports = { isEsmOnly, markEsmTypeImports };
