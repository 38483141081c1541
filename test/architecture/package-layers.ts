import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

/**
 * The layers inside each package, top first. An entry names a top-level folder of the package's
 * `src/`, or a file at its root (`*` matches any part of a name); `.` stands for the root files no
 * other entry names. A file may import its own layer and the layers below it, never one above.
 */
export const PACKAGE_LAYERS: Readonly<Record<string, readonly (readonly string[])[]>> = {
  dispatch: [
    // Tests' harnesses build the whole module; the composition root wires every part below.
    ['__fixtures__'],
    ['.', 'method.router.ts'],
    ['code-mode'],
    ['features'],
    ['protocol'],
    ['interfaces', 'errors', 'dispatch.constants.ts'],
  ],
  sandbox: [
    ['.'],
    ['in-process', 'process-pool', 'lanes'],
    ['process-host'],
    ['engine'],
    ['interfaces', 'errors', 'failed-run.ts', 'node-flags.ts', 'sandbox.constants.ts', 'sandbox-options.table.ts'],
  ],
  state: [
    ['.'],
    // The session records' Lua scripts take the rate-limit tokens too: sessions and counters share a layer.
    ['sessions', 'counters'],
    ['bus', 'once', 'secrets', 'sse', 'executions'],
    ['redis'],
    ['interfaces', 'errors', 'state.constants.ts'],
  ],
  mcp: [['__fixtures__'], ['.'], ['decorators'], ['interfaces', 'errors', 'mcp.constants.ts']],
  filter: [['.'], ['interfaces', 'errors']],
  access: [['.'], ['interfaces']],
  options: [['.']],
  // The module and registrar compose the connector's parts; mapping and the HTTP client never meet.
  openapi: [
    ['.'],
    ['document', 'mapping', 'http', 'validation'],
    ['interfaces', 'errors', 'openapi-connector.constants.ts'],
  ],
  // The module mounts the HTTP routes, which ask the explainer; the explainer knows nothing of HTTP.
  admin: [['.'], ['http'], ['explain'], ['interfaces', 'errors', 'admin.constants.ts']],
  // The module composes the libs and its own audit log, which knows nothing of the module.
  nest: [['.'], ['audit', 'admin']],
};

/**
 * Packages whose folders are not layered yet, and why: each needs more than moving a few files.
 * Their files still must not import one another in a circle.
 */
export const UNLAYERED: Readonly<Record<string, string>> = {
  registry:
    'the decorators, their option checks, validation, entity and the interfaces reach one another both ways ' +
    '(interfaces ↔ validation, entity → operation.registry → …): splitting them is a redesign, not a move',
  gateways:
    'folders are per transport and per concern (http, ws, limits, lifecycle, observability), and http, limits ' +
    'and observability import one another both ways',
};

const ROOT = resolve(__dirname, '../..');
/** An import or re-export, a `require` or a dynamic `import()`: the specifier is in group 1, 2 or 3. */
export const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s[^;]*?\sfrom\s+'([^']+)'|require\('([^']+)'\)|import\('([^']+)'\)/g;

export function packageNames(): string[] {
  return readdirSync(join(ROOT, 'libs')).filter((name) => existsSync(join(ROOT, 'libs', name, 'src')));
}

export function srcOf(pkg: string): string {
  return join(ROOT, 'libs', pkg, 'src');
}

/** Every TypeScript source below `dir` (none when it does not exist), specs left out. */
export function sources(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return name.endsWith('.ts') && !name.endsWith('.spec.ts') ? [path] : [];
  });
}

function resolveFile(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier);
  return [`${base}.ts`, join(base, 'index.ts'), base].find((path) => existsSync(path) && statSync(path).isFile());
}

/** Every relative import between two files of one package, as paths relative to its `src/`. */
export function fileEdges(pkg: string): Array<{ from: string; to: string }> {
  const src = srcOf(pkg);
  const found: Array<{ from: string; to: string }> = [];
  for (const file of sources(src).filter((path) => !path.endsWith('.d.ts'))) {
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const specifier = match[1] ?? match[2] ?? match[3];
      if (!specifier.startsWith('.')) continue;
      const target = resolveFile(file, specifier);
      if (!target || relative(src, target).startsWith('..')) continue;
      found.push({ from: posix(relative(src, file)), to: posix(relative(src, target)) });
    }
  }
  return found;
}

const posix = (path: string) => path.split(sep).join('/');

/** The top-level entry of a file: its first folder, or its own name at the root. */
export function entryOf(file: string): string {
  return file.split('/')[0];
}

const matches = (pattern: string, name: string) =>
  new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`).test(name);

/** The layer (0 = top) of a file, or undefined when the declaration does not place it. */
export function layerOf(layers: readonly (readonly string[])[], file: string): number | undefined {
  const entry = entryOf(file);
  const isRootFile = !file.includes('/');
  const named = layers.findIndex((layer) => layer.some((pattern) => pattern !== '.' && matches(pattern, entry)));
  if (named >= 0) return named;
  if (!isRootFile) return undefined;
  const rest = layers.findIndex((layer) => layer.includes('.'));
  return rest >= 0 ? rest : undefined;
}

/** One cycle among the nodes the pairs connect, as `a → b → a`, walking from `starts` in order; or undefined. */
export function findCycle<T extends string>(
  pairs: Iterable<readonly [T, T]>,
  starts: readonly T[],
): string | undefined {
  const next = new Map<T, Set<T>>();
  for (const [from, to] of pairs) next.set(from, (next.get(from) ?? new Set()).add(to));
  const state = new Map<T, 'open' | 'done'>();
  const walk = (node: T, path: T[]): string | undefined => {
    if (state.get(node) === 'open') return [...path.slice(path.indexOf(node)), node].join(' → ');
    if (state.get(node) === 'done') return undefined;
    state.set(node, 'open');
    for (const to of next.get(node) ?? []) {
      const found = walk(to, [...path, node]);
      if (found) return found;
    }
    state.set(node, 'done');
    return undefined;
  };
  for (const node of starts) {
    const found = walk(node, []);
    if (found) return found;
  }
  return undefined;
}

/** One import cycle among the files the edges connect, as `a → b → a`, or undefined. */
export function fileCycle(edges: ReadonlyArray<{ from: string; to: string }>): string | undefined {
  const pairs = edges.map(({ from, to }) => [from, to] as const);
  return findCycle(pairs, [...new Set(edges.map(({ from }) => from))].sort());
}
