import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

/**
 * The import direction of DESIGN.md as a checked rule: gateways → dispatch → {registry, filter,
 * sandbox, state}; state imports no other lib; plugins → registry; the service (src/) composes them all. A lib is reached only through
 * its public entry (`@myko/<lib>`), never by a deep or relative path into its folder.
 */
const ROOT = resolve(__dirname, '../..');
const UNITS = ['registry', 'filter', 'sandbox', 'state', 'dispatch', 'gateways', 'plugins', 'src'] as const;
type Unit = (typeof UNITS)[number];

const ALLOWED: Record<Unit, readonly Unit[]> = {
  registry: [],
  filter: [],
  sandbox: [],
  state: [],
  dispatch: ['registry', 'filter', 'sandbox', 'state'],
  gateways: ['dispatch', 'filter', 'registry', 'state'],
  plugins: ['registry'],
  src: ['registry', 'filter', 'sandbox', 'state', 'dispatch', 'gateways', 'plugins'],
};

const FOLDERS: Record<Unit, string> = {
  registry: 'libs/registry/src',
  filter: 'libs/filter/src',
  sandbox: 'libs/sandbox/src',
  state: 'libs/state/src',
  dispatch: 'libs/dispatch/src',
  gateways: 'libs/gateways/src',
  plugins: 'plugins',
  src: 'src',
};

const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^;]*?\sfrom\s+'([^']+)'|require\('([^']+)'\)|import\('([^']+)'\)/g;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return name.endsWith('.ts') && !name.endsWith('.spec.ts') ? [path] : [];
  });
}

function unitOf(path: string): Unit | undefined {
  const rel = relative(ROOT, path).split(sep).join('/');
  return UNITS.find((unit) => rel === FOLDERS[unit] || rel.startsWith(`${FOLDERS[unit]}/`));
}

/** Every cross-unit import of the product, as `file → target unit (specifier)`. */
function edges(): Array<{ file: string; from: Unit; to: Unit; specifier: string }> {
  const found: Array<{ file: string; from: Unit; to: Unit; specifier: string }> = [];
  for (const from of UNITS) {
    for (const file of sources(join(ROOT, FOLDERS[from]))) {
      for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
        const specifier = match[1] ?? match[2] ?? match[3];
        const to = specifier.startsWith('@myko/')
          ? (specifier.slice('@myko/'.length).split('/')[0] as Unit)
          : specifier.startsWith('.')
            ? unitOf(resolve(dirname(file), specifier))
            : undefined;
        if (to && to !== from) found.push({ file: relative(ROOT, file), from, to, specifier });
      }
    }
  }
  return found;
}

describe('the import graph of the product', () => {
  const all = edges();

  it('follows gateways → dispatch → {registry, filter, sandbox}, plugins → registry', () => {
    const forbidden = all.filter(({ from, to }) => !ALLOWED[from].includes(to));
    expect(forbidden.map((e) => `${e.file}: ${e.from} → ${e.to} (${e.specifier})`)).toEqual([]);
  });

  it('reaches another lib only through its public entry, never a deep or relative path', () => {
    const deep = all.filter(({ specifier }) => !/^@myko\/[a-z]+$/.test(specifier));
    expect(deep.map((e) => `${e.file}: ${e.specifier}`)).toEqual([]);
  });

  it('sees the edges it checks (the scan itself works)', () => {
    const pairs = new Set(all.map(({ from, to }) => `${from}→${to}`));
    for (const pair of ['gateways→dispatch', 'dispatch→registry', 'dispatch→sandbox', 'plugins→registry']) {
      expect(pairs).toContain(pair);
    }
  });
});
