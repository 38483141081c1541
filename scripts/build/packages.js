/**
 * Stages and packs the npm packages of packages/packages.json into build/packages/*.tgz (and
 * build/packages/index.json, the list the tests install from). Runs inside the build, after tsc and
 * before tsc-alias: it reads tsc's own output — dist/ (JavaScript, `@myko/*` imports still bare) and
 * build/types/ (the declarations of the same compile) — and rewrites each `@myko/*` import for its
 * package, so one compile makes both the monorepo's dist/ and the packages; declarations' imports of
 * ESM-only packages get `resolution-mode: import` (esm-type-imports.js). Checks on the way: no two
 * sources write one file, every export exists, every package a file imports is a declared dependency or
 * peer, and each declared range is the repository's own (package.json), so the two cannot drift apart.
 */
const { execFileSync } = require('node:child_process');
const { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } = require('node:fs');
const { dirname, join, posix, relative, sep } = require('node:path');
const { isEsmOnly, markEsmTypeImports } = require('./esm-type-imports');
const { importedPackages, rewriteSpecifiers } = require('./package-imports');

const ROOT = join(__dirname, '..', '..');
const DIST = join(ROOT, 'dist');
/** Where build.js has tsc write the declarations (`--declarationDir`). */
const TYPES = join(ROOT, 'build', 'types');
const STAGE = join(ROOT, 'build', 'package-stage');
const OUT = join(ROOT, 'build', 'packages');
const MANIFESTS = join(ROOT, 'packages');
const SOURCE_MAP_COMMENT = /\n\/\/# sourceMappingURL=\S+\s*$/;

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));
const toPosix = (path) => path.split(sep).join('/');
const esmOnlyNames = new Map();
/** Whether the repository's installed `name` is ESM-only (its declarations then need `resolution-mode`). */
const esmOnly = (name) => {
  if (!esmOnlyNames.has(name)) esmOnlyNames.set(name, isEsmOnly(ROOT, name));
  return esmOnlyNames.get(name);
};

function walk(dir, out = []) {
  if (!existsSync(dir)) return out;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path, out);
    else out.push(path);
  }
  return out;
}

function loadPackages() {
  return readJson(join(MANIFESTS, 'packages.json')).packages.map((entry) => {
    const manifest = readJson(join(MANIFESTS, entry.folder, 'package.json'));
    return { ...entry, manifest, name: manifest.name, sources: Object.entries(entry.sources), files: entry.files ?? [] };
  });
}

/** `@myko/<lib>` → its source folder, from tsconfig.json's `paths` (what tsc and jest resolve it to). */
function aliasFolders() {
  const { paths } = readJson(join(ROOT, 'tsconfig.json')).compilerOptions;
  return Object.fromEntries(Object.entries(paths).map(([alias, [folder]]) => [alias, folder]));
}

/** The specifier another package is imported by for a folder of it: its name, or the subpath its exports give. */
function exportedSpecifier(pkg, target) {
  for (const [key, entry] of Object.entries(pkg.manifest.exports ?? {})) {
    if (typeof entry === 'object' && posix.dirname(entry.default.replace(/^\.\//, '')) === target) {
      return key === '.' ? pkg.name : `${pkg.name}${key.slice(1)}`;
    }
  }
  return undefined;
}

/** How `@myko/*` imports are written in each package's files: a relative path inside it, a package name across. */
function makeRewriter(packages) {
  const holders = new Map();
  for (const pkg of packages) for (const [source, target] of pkg.sources) holders.set(source, { pkg, target });
  const aliases = aliasFolders();
  return (pkg, fileTarget, specifier, problems) => {
    const folder = aliases[specifier];
    const holder = folder && holders.get(folder);
    if (!holder) return problems.push(`${pkg.name}: ${fileTarget} imports ${specifier}, which no package holds`);
    if (holder.pkg === pkg) {
      const path = posix.relative(posix.dirname(fileTarget), holder.target) || '.';
      return path.startsWith('.') ? path : `./${path}`;
    }
    const across = exportedSpecifier(holder.pkg, holder.target);
    if (!across) problems.push(`${pkg.name}: ${specifier} (${folder}) is not exported by ${holder.pkg.name}`);
    return across;
  };
}

/** Static files copy-assets.js put in dist/ that a package ships as they are (the operator console's page and styles). */
const STATIC_ASSET = /\.(html|css)$/;

/**
 * Copies one source folder's compiled files (JavaScript from dist/, declarations from build/types/) and its
 * static assets into the stage.
 */
function stageSource(pkg, [source, target], rewrite, written, problems) {
  const compiled = [
    ...walk(join(DIST, source)).filter((file) => file.endsWith('.js') || STATIC_ASSET.test(file)),
    ...walk(join(TYPES, source)).filter((file) => file.endsWith('.d.ts')),
  ];
  if (compiled.length === 0) problems.push(`${pkg.name}: nothing compiled in ${source}`);
  for (const file of compiled) {
    const base = file.startsWith(TYPES) ? join(TYPES, source) : join(DIST, source);
    const fileTarget = posix.join(target, toPosix(relative(base, file)));
    if (written.has(fileTarget)) problems.push(`${pkg.name}: ${fileTarget} comes from ${written.get(fileTarget)} and ${source}`);
    written.set(fileTarget, source);
    const out = join(STAGE, pkg.folder, fileTarget);
    mkdirSync(dirname(out), { recursive: true });
    if (STATIC_ASSET.test(file)) {
      copyFileSync(file, out);
      continue;
    }
    const rewritten = rewriteSpecifiers(readFileSync(file, 'utf8'), (specifier) =>
      specifier.startsWith('@myko/') ? rewrite(pkg, fileTarget, specifier, problems) : undefined,
    );
    const text = file.endsWith('.d.ts') ? markEsmTypeImports(rewritten, esmOnly) : rewritten;
    writeFileSync(out, text.replace(SOURCE_MAP_COMMENT, '\n'));
  }
}

/** Every package the staged files import is the package itself, a dependency or a peer. */
function checkImports(pkg, problems) {
  const declared = new Set([pkg.name, ...Object.keys({ ...pkg.manifest.dependencies, ...pkg.manifest.peerDependencies })]);
  for (const file of walk(join(STAGE, pkg.folder, 'dist'))) {
    for (const name of importedPackages(readFileSync(file, 'utf8'))) {
      if (!declared.has(name)) problems.push(`${pkg.name}: ${toPosix(relative(STAGE, file))} imports ${name}, not a dependency or peer`);
    }
  }
}

/** Ranges are the repository's own; a `@myko/*` range is that package's version. */
function checkRanges(pkg, versions, problems) {
  const root = readJson(join(ROOT, 'package.json'));
  const known = { ...root.devDependencies, ...root.dependencies, ...versions };
  for (const field of ['dependencies', 'peerDependencies']) {
    for (const [name, range] of Object.entries(pkg.manifest[field] ?? {})) {
      if (known[name] !== range) problems.push(`${pkg.name}: ${field}.${name} is ${range}, the repository has ${known[name]}`);
    }
  }
}

function checkExports(pkg, problems) {
  for (const entry of Object.values(pkg.manifest.exports ?? {})) {
    for (const path of typeof entry === 'object' ? Object.values(entry) : [entry]) {
      if (!existsSync(join(STAGE, pkg.folder, path))) problems.push(`${pkg.name}: exports ${path}, which is not built`);
    }
  }
}

function stage(packages) {
  rmSync(STAGE, { recursive: true, force: true });
  const rewrite = makeRewriter(packages);
  const versions = Object.fromEntries(packages.map((pkg) => [pkg.name, pkg.manifest.version]));
  const problems = [];
  for (const pkg of packages) {
    const written = new Map();
    for (const source of pkg.sources) stageSource(pkg, source, rewrite, written, problems);
    for (const file of ['package.json', 'README.md', 'CHANGELOG.md']) {
      mkdirSync(join(STAGE, pkg.folder), { recursive: true });
      copyFileSync(join(MANIFESTS, pkg.folder, file), join(STAGE, pkg.folder, file));
    }
    for (const file of pkg.files) {
      mkdirSync(dirname(join(STAGE, pkg.folder, file)), { recursive: true });
      copyFileSync(join(ROOT, file), join(STAGE, pkg.folder, file));
    }
    checkImports(pkg, problems);
    checkRanges(pkg, versions, problems);
    checkExports(pkg, problems);
  }
  if (problems.length > 0) throw new Error(`packages: ${problems.length} problem(s):\n  - ${problems.join('\n  - ')}`);
}

/** The file `npm pack` writes for a package: `@myko/nest` and `myko-nest` both become `myko-nest-0.1.0.tgz`. */
const npmFilename = (pkg) => `${pkg.name.replace(/^@/, '').replace('/', '-')}-${pkg.manifest.version}.tgz`;

/** Packages in groups whose `npm pack` files do not collide, fewest groups first (one npm start-up each). */
function packGroups(packages) {
  const groups = [];
  for (const pkg of packages) {
    const group = groups.find((members) => !members.some((other) => npmFilename(other) === npmFilename(pkg)));
    if (group) group.push(pkg);
    else groups.push([pkg]);
  }
  return groups;
}

/**
 * `npm pack` of every package into build/packages/<folder>-<version>.tgz (named after its folder, unique
 * where npm's names are not), and index.json, the list the tests install from.
 */
function pack(packages) {
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  const index = [];
  for (const group of packGroups(packages)) {
    const args = ['pack', '--json', '--ignore-scripts', '--pack-destination', OUT, ...group.map((pkg) => join(STAGE, pkg.folder))];
    const packed = JSON.parse(execFileSync('npm', args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }));
    for (const [i, { name, version, filename, size, unpackedSize, entryCount }] of packed.entries()) {
      const file = `${group[i].folder}-${version}.tgz`;
      renameSync(join(OUT, filename), join(OUT, file));
      index.push({ name, version, file, size, unpackedSize, entries: entryCount });
    }
  }
  writeFileSync(join(OUT, 'index.json'), `${JSON.stringify({ packages: index }, null, 2)}\n`);
  for (const entry of index) process.stderr.write(`packages: ${entry.name} ${entry.file} ${(entry.size / 1024).toFixed(0)} kB\n`);
}

const packages = loadPackages();
stage(packages);
pack(packages);
