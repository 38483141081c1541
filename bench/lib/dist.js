const { existsSync } = require('node:fs');
const { dirname, join, resolve } = require('node:path');

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

/** The compiled test plugin sets (`npm run build` writes them beside dist/, never into it). */
const FIXTURES = join(dirname(DIST), 'build', 'fixtures', 'plugins');

/**
 * Requires a compiled test plugin set, e.g. `loadFixture('synthetic')`. Its `@myko/registry` import
 * resolves to this build's registry, as the launcher's `--synthetic` does.
 */
function loadFixture(set) {
  const file = join(FIXTURES, set, 'index.js');
  if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` first.`);
  load('src/plugin-loader/shared-modules.hook').installSharedModuleResolution();
  return require(file);
}

module.exports = { DIST, load, loadFixture };
