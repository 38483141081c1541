// Lets a sandbox process run from the TypeScript sources (under jest). Preloaded with `--require` only when
// the server itself runs from .ts files; from dist/ the process runs compiled JavaScript and never loads this.
// Compiled files are cached by content hash in the temp dir, so most processes never load @swc/core at all.
const { createHash } = require('node:crypto');
const { mkdirSync, readFileSync, renameSync, writeFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');

const OPTIONS = {
  jsc: {
    parser: { syntax: 'typescript' },
    transform: { useDefineForClassFields: false },
    target: 'es2022',
  },
  module: { type: 'commonjs' },
  sourceMaps: 'inline',
};
const CACHE_DIR = join(tmpdir(), 'myko-sandbox-ts-cache');
const SALT = JSON.stringify(OPTIONS);

function compile(source, filename) {
  const key = createHash('sha256').update(SALT).update(filename).update(source).digest('hex');
  const cached = join(CACHE_DIR, `${key}.js`);
  try {
    return readFileSync(cached, 'utf8');
  } catch {
    // Not compiled yet.
  }
  const { code } = require('@swc/core').transformSync(source, { ...OPTIONS, filename });
  try {
    mkdirSync(CACHE_DIR, { recursive: true });
    const partial = `${cached}.${process.pid}`;
    writeFileSync(partial, code);
    renameSync(partial, cached);
  } catch {
    // A cache that cannot be written only costs speed.
  }
  return code;
}

require.extensions['.ts'] = (module, filename) => {
  module._compile(compile(readFileSync(filename, 'utf8'), filename), filename);
};
