import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';

/**
 * dist/ is the product: `npm run build` (run by `pretest`) must put no test code in it — no specs,
 * fixtures, test plugin sets (conformance, synthetic) or sandbox test helpers, which are built to
 * build/fixtures/ or run from test/ — and must ship the runtime files tsc does not emit.
 */
const ROOT = resolve(__dirname, '../..');
const DIST = join(ROOT, 'dist');

/** Path segments and file names that only test code has. */
const TEST_CODE: ReadonlyArray<[string, RegExp]> = [
  ['a spec', /\.(e2e-)?spec\.js$/],
  ['a fixture file', /\.fixture\.js$/],
  ['a __fixtures__ folder', /(^|\/)__fixtures__\//],
  ['a testing folder', /(^|\/)testing\//],
  ['the conformance plugin set', /^plugins\/conformance\//],
  ['the synthetic plugin set', /^plugins\/synthetic\//],
];

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [relative(DIST, path).split(sep).join('/')];
  });
}

describe('dist/ (npm run build)', () => {
  let built: string[];

  beforeAll(() => {
    if (!existsSync(DIST)) throw new Error('dist/ is missing: run `npm run build` first (npm test does)');
    built = files(DIST);
  });

  it('holds the service, its libs and its plugins only, never test/ or bench/', () => {
    expect(readdirSync(DIST).sort()).toEqual(['libs', 'plugins', 'src']);
  });

  it('holds no specs, fixtures, test plugin sets or sandbox test helpers', () => {
    const offending = built.flatMap((file) =>
      TEST_CODE.filter(([, pattern]) => pattern.test(file)).map(([what]) => `${file} (${what})`),
    );
    expect(offending).toEqual([]);
  });

  it('ships the sandbox bootstrap as the linted source file, beside the engine that reads it', () => {
    const bootstrap = 'libs/sandbox/src/engine/isolate-bootstrap.js';
    expect(built).toContain(bootstrap);
    expect(readFileSync(join(DIST, bootstrap), 'utf8')).toBe(readFileSync(join(ROOT, bootstrap), 'utf8'));
  });

  it('ships the operator console as its source files, in dist/ and in the @myko/nest package beside the admin code', () => {
    const folder = 'libs/admin/src/console';
    const sources = readdirSync(join(ROOT, folder)).sort();
    expect(sources).toEqual(expect.arrayContaining(['index.html', 'console.css', 'console.js']));
    for (const [name, shipped] of [
      ['dist', join(DIST, folder)],
      ['@myko/nest', join(ROOT, 'build', 'package-stage', 'nest', 'dist', 'admin', 'console')],
    ]) {
      expect([name, readdirSync(shipped).sort()]).toEqual([name, sources]);
      for (const file of sources) {
        expect(readFileSync(join(shipped, file), 'utf8')).toBe(readFileSync(join(ROOT, folder, file), 'utf8'));
      }
    }
  });

  it('has the test plugin sets compiled outside it, for --plugin-set conformance and --synthetic', () => {
    for (const set of ['conformance', 'synthetic']) {
      expect(existsSync(join(ROOT, 'build', 'fixtures', 'plugins', set, 'index.js'))).toBe(true);
    }
  });

  it('has every package of packages/packages.json packed beside it, with no test code inside', () => {
    const { packages } = JSON.parse(readFileSync(join(ROOT, 'packages', 'packages.json'), 'utf8')) as {
      packages: Array<{ folder: string }>;
    };
    const index = JSON.parse(readFileSync(join(ROOT, 'build', 'packages', 'index.json'), 'utf8')) as {
      packages: Array<{ name: string; file: string }>;
    };
    const names = packages.map(
      ({ folder }) =>
        (JSON.parse(readFileSync(join(ROOT, 'packages', folder, 'package.json'), 'utf8')) as { name: string }).name,
    );
    expect(index.packages.map((entry) => entry.name)).toEqual(names);
    for (const entry of index.packages) expect(existsSync(join(ROOT, 'build', 'packages', entry.file))).toBe(true);
    const staged = files(join(ROOT, 'build', 'package-stage')).filter((file) =>
      TEST_CODE.some(([, pattern]) => pattern.test(file)),
    );
    expect(staged).toEqual([]);
  });
});
