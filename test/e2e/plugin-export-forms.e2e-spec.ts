import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { USAGE } from '../../src/cli/cli.parser';
import { finished, launch } from '../helpers/launcher-run';
import { killServeProcess, type ServeProcess, startServeProcess } from '../helpers/serve-process';

jest.setTimeout(90_000);

/** One file per export form docs/plugins.md and docs/configuration.md name. */
const FORMS = resolve(__dirname, '../fixtures/plugins/export-forms');

/** Each documented form, and the operations loading it must add (a default export wins over named ones). */
const LOADED: [file: string, operations: number][] = [
  ['cjs-module-exports.plugin.js', 1],
  ['cjs-named.plugin.cjs', 2],
  ['esm-default.plugin.mjs', 1],
  ['esm-named.plugin.mjs', 1],
  ['esm-dynamic.plugin.mjs', 1],
  ['esm-package/plugin.js', 1],
];

/** What the loader takes, as every page that describes plugin files must say it (backticks aside). */
const EXPORT_RULE =
  'the default export, or else every named export, that is a Nest module (a @Module() class or a dynamic module)';

/** A page's text with Markdown code spans and line breaks flattened, so a sentence reads as one. */
const flat = (text: string) => text.replace(/`/g, '').replace(/\s+/g, ' ');

it('docs/configuration.md, docs/plugins.md and --help say the same about which exports load', () => {
  const root = resolve(__dirname, '../..');
  const configuration = flat(readFileSync(join(root, 'docs/configuration.md'), 'utf8'));
  const plugins = flat(readFileSync(join(root, 'docs/plugins.md'), 'utf8'));
  expect(configuration).toContain(EXPORT_RULE);
  expect(plugins).toContain(EXPORT_RULE);
  expect(flat(USAGE)).toContain(EXPORT_RULE);
});

describe('--plugin: every documented export form loads, and only those', () => {
  let dir: string;
  let server: ServeProcess | undefined;

  beforeAll(() => {
    // Outside the repository, as a deployment keeps them (the package.json of esm-package comes along).
    dir = mkdtempSync(join(tmpdir(), 'myko-export-forms-'));
    cpSync(FORMS, dir, { recursive: true });
  });
  afterAll(() => {
    killServeProcess(server);
    rmSync(dir, { recursive: true, force: true });
  });

  it('loads CommonJS module.exports and named exports, ESM default, named and dynamic modules, "type": "module" .js', async () => {
    const files = LOADED.map(([file]) => join(dir, file));
    server = await startServeProcess(files.flatMap((file) => ['--plugin', file]));
    const plugins = /\[MykoNest\] Plugins: (.*)$/m.exec(server.output())?.[1];
    const counted = (n: number) => `${n} operation${n === 1 ? '' : 's'}`;
    expect(plugins).toBe(LOADED.map(([file, n]) => `${join(dir, file)} (${counted(n)})`).join(', '));
    const total = LOADED.reduce((sum, [, n]) => sum + n, 0);
    expect(server.output()).toMatch(new RegExp(`\\[MykoNest\\] ${51 + total} operations:`));
  });

  it('refuses an array of modules as the export, naming the file and what to export (exit 2)', async () => {
    const file = join(dir, 'array.plugin.mjs');
    const result = await finished(launch(['serve', '--port', '0', '--db', ':memory:', '--plugin', file]));
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`myko-nest: refusing to start: plugin ${file}: exports no Nest module`);
  });
});
