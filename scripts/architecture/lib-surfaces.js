#!/usr/bin/env node
// Lists each lib's public surface (what its index.ts exports) and which of those symbols no file outside
// the lib imports: `node scripts/architecture/lib-surfaces.js [--unused] [lib…]`. Reads sources with the
// TypeScript compiler API; `@myko/<lib>` imports in .ts/.js/.mjs files of src, libs, plugins, test, bench
// and scripts count as uses (bench's `load('libs/<lib>/src')` too).
const { readdirSync, readFileSync, statSync } = require('node:fs');
const { join, relative } = require('node:path');
const ts = require('typescript');

const ROOT = join(__dirname, '..', '..');
const SCANNED = ['src', 'libs', 'plugins', 'test', 'bench', 'scripts'];
const args = process.argv.slice(2);
const unusedOnly = args.includes('--unused');
const libs = args.filter((arg) => !arg.startsWith('--'));

function files(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules' || name === 'dist' || name === 'build') return [];
    if (statSync(path).isDirectory()) return files(path);
    return /\.(ts|js|mjs|cjs)$/.test(name) ? [path] : [];
  });
}

function exportsOf(lib) {
  const entry = join(ROOT, 'libs', lib, 'src', 'index.ts');
  const config = ts.getParsedCommandLineOfConfigFile(
    join(ROOT, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: () => {},
    },
  );
  const program = ts.createProgram([entry], config.options);
  const checker = program.getTypeChecker();
  return checker.getExportsOfModule(checker.getSymbolAtLocation(program.getSourceFile(entry))).map((s) => s.name);
}

/** Names imported from `@myko/<lib>` (or bench's `load('libs/<lib>/src')`) by each file outside the lib. */
function usesOf(lib) {
  const used = new Map();
  const specifier = new RegExp(
    String.raw`(?:import|export)\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'@myko/${lib}'|\{([^}]*)\}\s*=\s*(?:require\('@myko/${lib}'\)|load\('libs/${lib}/src'\))`,
    'g',
  );
  for (const dir of SCANNED) {
    for (const file of files(join(ROOT, dir))) {
      if (file.startsWith(join(ROOT, 'libs', lib, ''))) continue;
      for (const match of readFileSync(file, 'utf8').matchAll(specifier)) {
        for (const part of (match[1] ?? match[2]).split(',')) {
          const name = part
            .replace(/^\s*type\s+/, '')
            .split(/\s+as\s+|:/)[0]
            .trim();
          if (name) used.set(name, (used.get(name) ?? new Set()).add(relative(ROOT, file)));
        }
      }
    }
  }
  return used;
}

const all = readdirSync(join(ROOT, 'libs')).filter((name) => statSync(join(ROOT, 'libs', name, 'src')).isDirectory());
for (const lib of libs.length ? libs : all) {
  const exported = exportsOf(lib);
  const used = usesOf(lib);
  const unused = exported.filter((name) => !used.has(name));
  process.stdout.write(`@myko/${lib}: ${exported.length} exported, ${unused.length} unused outside\n`);
  for (const name of unusedOnly ? unused : exported) {
    const users = used.get(name);
    process.stdout.write(`  ${name}${users ? ` (${users.size} files)` : '  — unused outside'}\n`);
  }
}
