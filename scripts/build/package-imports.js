/**
 * The module specifiers of compiled output (CommonJS `.js` from tsc, and `.d.ts`), found and rewritten
 * as text: tsc writes them in a few fixed forms (`require("x")`, `from 'x'`, `import("x")`), and the
 * architecture rules keep `@myko/*` imports to bare lib names, so a pattern over those forms is exact.
 */
const { isBuiltin } = require('node:module');

/** `require("x")`, `… from 'x'`, `import("x")` and a side-effect `import 'x'`. */
const SPECIFIER = /(\brequire\(\s*|\bfrom\s+|\bimport\(\s*|^\s*import\s+)(['"])([^'"\n]+)\2/gm;

/**
 * `text` with every specifier `rewrite` maps to a string replaced by it (`undefined` keeps it as it is).
 * @param {string} text
 * @param {(specifier: string) => string | undefined} rewrite
 */
function rewriteSpecifiers(text, rewrite) {
  return text.replace(SPECIFIER, (whole, lead, quote, specifier) => {
    const next = rewrite(specifier);
    return next === undefined ? whole : `${lead}${quote}${next}${quote}`;
  });
}

/** The package a bare specifier names (`@nestjs/core/injector/x` → `@nestjs/core`), or undefined for a relative path or a Node builtin. */
function packageOf(specifier) {
  if (specifier.startsWith('.') || specifier.startsWith('/') || isBuiltin(specifier)) return undefined;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** The packages `text` imports, by name. */
function importedPackages(text) {
  const names = new Set();
  for (const [, , , specifier] of text.matchAll(SPECIFIER)) {
    const name = packageOf(specifier);
    if (name) names.add(name);
  }
  return names;
}

module.exports = { importedPackages, packageOf, rewriteSpecifiers };
