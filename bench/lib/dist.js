const { existsSync } = require('node:fs');
const { join, resolve } = require('node:path');

/**
 * Root of the compiled project (`npm run build` writes it; tsc-alias rewrites the @myko/* paths).
 * `MYKO_DIST` points at another build of the same sources (one nobody rebuilds during a run).
 */
const DIST = resolve(process.env.MYKO_DIST ?? resolve(__dirname, '../../dist'));

/** Requires a compiled module by its source path, e.g. `load('libs/dispatch/src')`. */
function load(sourcePath) {
  const file = join(DIST, sourcePath);
  if (!existsSync(file) && !existsSync(`${file}.js`) && !existsSync(join(file, 'index.js'))) {
    throw new Error(`${file} is missing: run \`npm run build\` first (or \`npm run bench\`, which builds).`);
  }
  return require(file);
}

module.exports = { DIST, load };
