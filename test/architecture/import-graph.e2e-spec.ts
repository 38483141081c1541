import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import {
  fileCycle,
  fileEdges,
  findCycle,
  IMPORT,
  layerOf,
  PACKAGE_LAYERS,
  packageNames,
  sources,
  UNLAYERED,
} from './package-layers';

/**
 * The import direction of DESIGN.md as a checked rule: gateways → dispatch → {registry, mcp, filter,
 * access, sandbox, state}; mcp → registry (its primitives reuse the registry's schemas, validation
 * and explorer base); access → filter; openapi → registry (the connector generates operations); plugins → {registry, mcp}; the service (src/) composes them
 * all. `options` (the options-table type and its helpers) is a leaf every lib may use. A lib is reached only through its public entry (`@myko/<lib>`), never by a deep or relative
 * path into its folder, and the libs import one another without a cycle.
 */
const ROOT = resolve(__dirname, '../..');
const UNITS = [
  'options',
  'registry',
  'mcp',
  'filter',
  'access',
  'sandbox',
  'state',
  'dispatch',
  'gateways',
  'openapi',
  'admin',
  'nest',
  'plugins',
  'src',
] as const;
type Unit = (typeof UNITS)[number];

/** Below dispatch: what dispatch composes (the gateways may use them too, never the other way). */
const DISPATCH_PARTS: readonly Unit[] = ['registry', 'mcp', 'filter', 'access', 'sandbox', 'state'];

const ALLOWED: Record<Unit, readonly Unit[]> = {
  options: [],
  registry: ['options'],
  mcp: ['registry', 'options'],
  filter: ['options'],
  access: ['filter', 'options'],
  sandbox: ['options'],
  state: ['options'],
  dispatch: [...DISPATCH_PARTS, 'options'],
  gateways: ['dispatch', ...DISPATCH_PARTS, 'options'],
  // The OpenAPI connector generates registry operations and knows nothing of MCP or the transports.
  openapi: ['registry', 'options'],
  // The admin API explains access with the service's own filters, profiles and registry; it knows nothing of MCP.
  admin: ['registry', 'filter', 'access', 'options'],
  // The module an app imports composes the transports over the dispatch and its parts, the connectors and the admin API.
  nest: ['gateways', 'dispatch', ...DISPATCH_PARTS, 'openapi', 'admin', 'options'],
  plugins: ['registry', 'mcp'],
  src: UNITS.filter((unit) => unit !== 'src'),
};

const FOLDERS: Record<Unit, string> = {
  options: 'libs/options/src',
  registry: 'libs/registry/src',
  mcp: 'libs/mcp/src',
  filter: 'libs/filter/src',
  access: 'libs/access/src',
  sandbox: 'libs/sandbox/src',
  state: 'libs/state/src',
  dispatch: 'libs/dispatch/src',
  gateways: 'libs/gateways/src',
  openapi: 'libs/openapi/src',
  admin: 'libs/admin/src',
  nest: 'libs/nest/src',
  plugins: 'plugins',
  src: 'src',
};

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

/** A cycle among the units the edges connect, as `a → b → a`, or undefined. */
function cycleIn(pairs: ReadonlyArray<readonly [Unit, Unit]>): string | undefined {
  return findCycle(pairs, UNITS);
}

describe('the import graph of the product', () => {
  const all = edges();

  it('follows gateways → dispatch → {registry, mcp, filter, access, sandbox, state}, plugins → {registry, mcp}', () => {
    const forbidden = all.filter(({ from, to }) => !ALLOWED[from].includes(to));
    expect(forbidden.map((e) => `${e.file}: ${e.from} → ${e.to} (${e.specifier})`)).toEqual([]);
  });

  it('reaches another lib only through its public entry, never a deep or relative path', () => {
    const deep = all.filter(({ specifier }) => !/^@myko\/[a-z]+$/.test(specifier));
    expect(deep.map((e) => `${e.file}: ${e.specifier}`)).toEqual([]);
  });

  it('sees the edges it checks (the scan itself works)', () => {
    const pairs = new Set(all.map(({ from, to }) => `${from}→${to}`));
    const seen = ['gateways→dispatch', 'dispatch→registry', 'dispatch→sandbox', 'dispatch→access', 'dispatch→mcp'];
    for (const pair of [...seen, 'mcp→registry', 'access→filter', 'plugins→registry']) {
      expect(pairs).toContain(pair);
    }
  });

  it('has no cycle between libs, in the imports found nor in the rule itself', () => {
    expect(cycleIn(all.map(({ from, to }) => [from, to] as const))).toBeUndefined();
    const rule = UNITS.flatMap((from) => ALLOWED[from].map((to) => [from, to] as const));
    expect(cycleIn(rule)).toBeUndefined();
    expect(cycleIn([...rule, ['registry', 'dispatch']])).toBe('registry → dispatch → registry');
  });
});

describe('the import graph inside each package', () => {
  it('declares the layers of every package, or says why it has none', () => {
    const undeclared = packageNames().filter((pkg) => !PACKAGE_LAYERS[pkg] && !UNLAYERED[pkg]);
    expect(undeclared).toEqual([]);
    const unplaced = Object.keys(PACKAGE_LAYERS).flatMap((pkg) =>
      [...new Set(fileEdges(pkg).flatMap(({ from, to }) => [from, to]))]
        .filter((file) => layerOf(PACKAGE_LAYERS[pkg], file) === undefined)
        .map((file) => `${pkg}: ${file}`),
    );
    expect(unplaced).toEqual([]);
  });

  it('imports only its own layer or a lower one', () => {
    const upward = Object.entries(PACKAGE_LAYERS).flatMap(([pkg, layers]) =>
      fileEdges(pkg)
        .filter(({ from, to }) => (layerOf(layers, to) ?? 0) < (layerOf(layers, from) ?? 0))
        .map(({ from, to }) => `${pkg}: ${from} → ${to}`),
    );
    expect(upward).toEqual([]);
  });

  it('has no cycle between the files of a package', () => {
    const cycles = packageNames()
      .map((pkg) => [pkg, fileCycle(fileEdges(pkg))] as const)
      .filter(([, cycle]) => cycle !== undefined)
      .map(([pkg, cycle]) => `${pkg}: ${cycle}`);
    expect(cycles).toEqual([]);
  });

  it('sees what it checks (the scan, the layers and the cycle search work)', () => {
    const dispatch = fileEdges('dispatch');
    expect(dispatch).toContainEqual({ from: 'dispatch.module.ts', to: 'dispatch.service.ts' });
    expect(layerOf(PACKAGE_LAYERS.dispatch, 'protocol/request.runner.ts')).toBeGreaterThan(
      layerOf(PACKAGE_LAYERS.dispatch, 'features/tools/tools.handler.ts') ?? Infinity,
    );
    expect(layerOf(PACKAGE_LAYERS.dispatch, 'dispatch.constants.ts')).toBe(PACKAGE_LAYERS.dispatch.length - 1);
    expect(layerOf(PACKAGE_LAYERS.dispatch, 'no-such-folder/x.ts')).toBeUndefined();
    const loop = [
      { from: 'a.ts', to: 'b.ts' },
      { from: 'b.ts', to: 'c.ts' },
      { from: 'c.ts', to: 'a.ts' },
    ];
    expect(fileCycle(loop)).toBe('a.ts → b.ts → c.ts → a.ts');
    expect(fileCycle(loop.slice(0, 2))).toBeUndefined();
  });
});
