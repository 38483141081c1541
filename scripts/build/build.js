/**
 * The build: empty dist/, compile (tsc: JavaScript to dist/, declarations to build/types/), copy the
 * runtime assets, stage and pack the npm packages from that same output (build/packages/*.tgz), then
 * rewrite dist/'s @myko/* paths (tsc-alias) and compile the test plugin sets. With `--if-stale` (what `npm start` and `npm test` run first) it does
 * nothing when dist/ was built from exactly the sources there are now: a content hash of every build input
 * is kept in build/dist.stamp, so an unchanged tree starts at once and any edit, checkout or new lockfile
 * rebuilds in full (no partial output to reason about).
 */
const { execFileSync } = require('node:child_process');
const { createHash } = require('node:crypto');
const { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } = require('node:fs');
const { dirname, join, relative } = require('node:path');

require('../runtime/supported-node').assertSupportedNode('build');

const ROOT = join(__dirname, '..', '..');
/** Beside the fixtures, outside dist/ (which holds the product only). */
const STAMP = join(ROOT, 'build', 'dist.stamp');
/** What the output depends on: sources, fixtures, the build scripts and configs, the lockfile. */
const INPUTS = ['src', 'libs', 'plugins', 'packages', 'bin', 'test/fixtures/plugins', 'scripts/build'];
const FILES = ['tsconfig.json', 'tsconfig.build.json', 'package.json', 'package-lock.json', 'scripts/runtime/supported-node.js'];
/** The declarations of the compile, read by the packages step only (dist/ ships none). */
const TYPES = join(ROOT, 'build', 'types');

function walk(dir, out) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path, out);
    else if (entry.isFile()) out.push(path);
  }
  return out;
}

function inputHash() {
  const files = INPUTS.flatMap((dir) => walk(join(ROOT, dir), [])).concat(FILES.map((file) => join(ROOT, file)));
  const hash = createHash('sha256');
  for (const file of files.sort()) {
    hash.update(relative(ROOT, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

function run(script, args) {
  execFileSync(process.execPath, [require.resolve(script, { paths: [ROOT] }), ...args], { cwd: ROOT, stdio: 'inherit' });
}

function build() {
  // A build that fails half-way must not leave a stamp vouching for what it wiped.
  rmSync(STAMP, { force: true });
  run('./scripts/build/clean.js', []);
  rmSync(TYPES, { recursive: true, force: true });
  run('typescript/bin/tsc', ['-p', 'tsconfig.build.json', '--declaration', '--declarationDir', relative(ROOT, TYPES)]);
  run('./scripts/build/copy-assets.js', []);
  // Before tsc-alias: the packages rewrite the bare @myko/* imports their own way.
  run('./scripts/build/packages.js', []);
  run('tsc-alias/dist/bin/index.js', ['-p', 'tsconfig.build.json']);
  run('./scripts/build/fixtures.js', []);
}

/** The last build's outputs are all there and were made from these inputs. */
function upToDate(hash) {
  const outputs = [
    STAMP,
    join(ROOT, 'dist', 'src', 'main.js'),
    join(ROOT, 'build', 'fixtures', 'plugins'),
    join(ROOT, 'build', 'packages', 'index.json'),
  ];
  return outputs.every((path) => existsSync(path)) && readFileSync(STAMP, 'utf8') === hash;
}

const hash = inputHash();
if (process.argv.includes('--if-stale') && upToDate(hash)) {
  process.stderr.write('build: dist/ is up to date\n');
} else {
  build();
  mkdirSync(dirname(STAMP), { recursive: true });
  writeFileSync(STAMP, hash);
}
