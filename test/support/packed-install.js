/**
 * Installs this build's packed packages (build/packages/*.tgz, written by `npm run build`) into a folder
 * outside the repository, the way a plugin author or an embedding application gets them from a registry:
 * the folder's package.json names them, `npm install` fetches everything else from the npm registry, and
 * nothing there can reach this repository's sources. Plain JavaScript, so suites and scripts can share it.
 */
const { spawn, execFileSync } = require('node:child_process');
const { existsSync, readFileSync, writeFileSync } = require('node:fs');
const { join, resolve } = require('node:path');
const { track } = require('./leftovers');

const ROOT = resolve(__dirname, '../..');
/** The build's list of what it packed: `{ packages: [{ name, version, file, size, unpackedSize, entries }] }`. */
const INDEX = join(ROOT, 'build', 'packages', 'index.json');
const INSTALL_TIMEOUT_MS = 10 * 60_000;
const MANIFEST_KEYS = ['dependencies', 'devDependencies', 'optionalDependencies'];

/**
 * The packed packages by name, each with the absolute path of its tarball. Builds first (`--if-stale`:
 * nothing to do when the tarballs were made from these sources) when `build` is true or the list is missing.
 * @param {{ build?: boolean }} [options]
 * @returns {Map<string, { name: string, version: string, file: string, size: number }>}
 */
function packedPackages({ build = false } = {}) {
  if (build || !existsSync(INDEX)) {
    execFileSync(process.execPath, [join(ROOT, 'scripts/build/build.js'), '--if-stale'], { cwd: ROOT, stdio: 'pipe' });
  }
  const { packages } = JSON.parse(readFileSync(INDEX, 'utf8'));
  return new Map(
    packages.map((entry) => [entry.name, { ...entry, file: join(ROOT, 'build', 'packages', entry.file) }]),
  );
}

/** The environment of a command run in the folder: no `npm_*` variables of an outer `npm test`. */
function cleanEnv(extra = {}) {
  const env = {};
  for (const [key, value] of Object.entries(process.env)) {
    const npmOwn = /^npm_/i.test(key) && !/^npm_config_(registry|cache|userconfig)$/i.test(key);
    if (!npmOwn && key !== 'NODE_OPTIONS' && key !== 'INIT_CWD') env[key] = value;
  }
  return { ...env, NO_COLOR: '1', ...extra };
}

/**
 * Runs `command args…` in `cwd` and resolves with its exit code and output (stdout and stderr together);
 * it is killed after `timeoutMs` and, if the test file ends first, by the test environment.
 * @param {string} command
 * @param {string[]} args
 * @param {{ cwd: string, timeoutMs?: number, env?: NodeJS.ProcessEnv }} options
 * @returns {Promise<{ code: number | null, output: string, ms: number }>}
 */
function runIn(command, args, { cwd, timeoutMs = INSTALL_TIMEOUT_MS, env = cleanEnv() }) {
  const started = Date.now();
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk) => {
    output += chunk;
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const forget = track(Promise.resolve(child), () => child.kill('SIGKILL'));
  const timer = setTimeout(() => {
    output += `\n(killed after ${timeoutMs} ms)`;
    child.kill('SIGKILL');
  }, timeoutMs);
  return new Promise((done) => {
    const finish = (code) => {
      clearTimeout(timer);
      forget();
      done({ code, output, ms: Date.now() - started });
    };
    child.once('error', (error) => {
      output += `\n${error.message}`;
      finish(null);
    });
    child.once('close', finish);
  });
}

/** `name` or `name@range` → [name, range]; a bare name takes the repository's own range, else `latest`. */
function registrySpec(spec) {
  const at = spec.lastIndexOf('@');
  if (at > 0) return [spec.slice(0, at), spec.slice(at + 1)];
  const root = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  return [spec, root.dependencies?.[spec] ?? root.devDependencies?.[spec] ?? 'latest'];
}

/**
 * Points `dir`'s package.json at the tarballs and runs `npm install` there. Every packed package the
 * manifest already names (in any dependency list) and each of `packages` become `file:` tarball
 * dependencies, and `overrides` send every packed package's transitive uses (myko-nest → @myko/nest) to
 * its tarball too, so the registry is never asked for an unpublished `@myko/*`. `extra` adds registry
 * packages (`'@nestjs/platform-fastify'` at the repository's range, or `'name@range'`).
 * @param {string} dir a folder with a package.json (one is written when there is none)
 * @param {{ packages?: string[], extra?: string[], timeoutMs?: number }} [options]
 * @returns {Promise<{ ms: number, output: string }>}
 */
async function installPacked(dir, { packages = [], extra = [], timeoutMs = INSTALL_TIMEOUT_MS } = {}) {
  const packed = packedPackages();
  const manifestPath = join(dir, 'package.json');
  const manifest = existsSync(manifestPath)
    ? JSON.parse(readFileSync(manifestPath, 'utf8'))
    : { name: 'packed-install', version: '0.0.0', private: true };
  const tarball = (name) => {
    const entry = packed.get(name);
    if (!entry) throw new Error(`${name} is not a packed package (packed: ${[...packed.keys()].join(', ')})`);
    return `file:${entry.file}`;
  };
  for (const key of MANIFEST_KEYS) {
    for (const name of Object.keys(manifest[key] ?? {})) if (packed.has(name)) manifest[key][name] = tarball(name);
  }
  manifest.dependencies ??= {};
  for (const name of packages) {
    if (!MANIFEST_KEYS.some((key) => manifest[key]?.[name])) manifest.dependencies[name] = tarball(name);
  }
  for (const spec of extra) {
    const [name, range] = registrySpec(spec);
    manifest.dependencies[name] = range;
  }
  manifest.overrides = { ...manifest.overrides };
  for (const name of packed.keys()) manifest.overrides[name] = tarball(name);
  writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
  const { code, output, ms } = await runIn('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund'], {
    cwd: dir,
    timeoutMs,
  });
  if (code !== 0) throw new Error(`npm install in ${dir} failed (${code}):\n${output}`);
  return { ms, output };
}

module.exports = { cleanEnv, installPacked, packedPackages, runIn };
