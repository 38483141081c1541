import { execFileSync } from 'node:child_process';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '../..');

/**
 * What a fresh Node process has loaded once it required `entry` (a TypeScript source of this repository, compiled
 * as Jest compiles it, `@myko/*` resolved as Jest resolves them) and then ran `after` (code with `entry`'s exports as
 * `mod`): the packages of node_modules among its modules. A process of its own: Jest's module registry says
 * nothing of what the server's own `require` would load.
 */
function packagesLoaded(entry: string, after = ''): string[] {
  const script = `
    const Module = require('node:module');
    const { readFileSync } = require('node:fs');
    const { transformSync } = require('@swc/core');
    const jsc = {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
      target: 'es2022',
    };
    require.extensions['.ts'] = (module, filename) => {
      const source = readFileSync(filename, 'utf8');
      module._compile(transformSync(source, { jsc, module: { type: 'commonjs' }, filename }).code, filename);
    };
    const resolveFilename = Module._resolveFilename;
    Module._resolveFilename = function (request, ...rest) {
      const lib = /^@myko\\/([a-z]+)$/.exec(request);
      const target = lib ? (lib[1] === 'plugins' ? ${JSON.stringify(join(ROOT, 'plugins'))} : ${JSON.stringify(join(ROOT, 'libs'))} + '/' + lib[1] + '/src') : request;
      return resolveFilename.call(this, target, ...rest);
    };
    require('reflect-metadata');
    const mod = require(${JSON.stringify(join(ROOT, entry))});
    ${after}
    const packages = Object.keys(require.cache)
      .map((file) => /node_modules\\/((?:@[^/]+\\/)?[^/]+)\\//.exec(file)?.[1])
      .filter((name) => name !== undefined);
    process.stdout.write(JSON.stringify([...new Set(packages)]));
  `;
  const out = execFileSync(process.execPath, ['-e', script], { cwd: ROOT, encoding: 'utf8', timeout: 50_000 });
  return JSON.parse(out) as string[];
}

/**
 * The server process keeps the TypeScript compiler out (its 9 MB source and code are ~25 MiB of heap that every
 * server would carry): type checks run in their own processes, and the unapprovable-script check loads it for a
 * script that names a gated command only.
 */
describe('the modules the server process loads', () => {
  it('do not include the TypeScript compiler: the module an app imports does not load it', () => {
    const loaded = packagesLoaded('libs/nest/src/index.ts');
    // The scan sees the packages it checks for.
    expect(loaded).toEqual(expect.arrayContaining(['@nestjs/common', '@nestjs/core', 'rxjs']));
    expect(loaded).not.toContain('typescript');
  });

  it('do not include it after a script that names no gated command was checked, and do once one does', () => {
    const check = 'libs/dispatch/src/code-mode/execute/unapprovable-script.check.ts';
    const gated = `(name) => name === 'command_Delete'`;
    const plain = `mod.unapprovableCommands("await myko.command('Restock', {});", [], ${gated});`;
    expect(packagesLoaded(check, plain)).not.toContain('typescript');
    const named = `if (mod.unapprovableCommands("await myko.command('Delete', {});", [], ${gated}).length !== 1) throw new Error('not refused');`;
    expect(packagesLoaded(check, named)).toContain('typescript');
  });
});
