import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { callExecute, executeJson } from '../helpers/execute-tool';
import { connectClient } from '../helpers/mcp-client';
import { releaseAll } from '../helpers/releases';
import { cleanEnv, installPacked, packedPackages, runIn } from '../support/packed-install';
import { type LaunchedServe, launchServe } from '../support/serve-process';

/**
 * Issue 26: the packages a plugin author installs. Every package is packed by the build; the template
 * plugin (templates/plugin) is copied into a fresh folder outside the repository, the tarballs are
 * installed there, `tsc` (strict, no path into this repository) builds it, the installed `myko-nest`
 * serves it, and the official SDK client drives it under an API key's profile.
 */
const ROOT = resolve(__dirname, '../..');
const TEMPLATE = join(ROOT, 'templates', 'plugin');
const PACKAGES = ['@myko/registry', '@myko/mcp', '@myko/nest', 'myko-nest'];
// npm install and tsc on a loaded 2-core machine: minutes, not seconds.
const INSTALL_MS = 12 * 60_000;
jest.setTimeout(3 * 60_000);

/** Everything git sees changed or added in the repository (ignored build output aside). */
function repositoryChanges(): string {
  return execFileSync('git', ['status', '--porcelain', '--untracked-files=all'], { cwd: ROOT, encoding: 'utf8' });
}

function tsc(cwd: string, args: string[]) {
  return runIn(process.execPath, [join(cwd, 'node_modules', 'typescript', 'bin', 'tsc'), ...args], { cwd });
}

/** Files under `dir`, relative to it. */
function filesOf(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)));
}

let work: string;
let app: string;
let before: string;

beforeAll(async () => {
  packedPackages({ build: true });
  before = repositoryChanges();
  work = mkdtempSync(join(tmpdir(), 'myko-packed-'));
  app = join(work, 'parcels-plugin');
  cpSync(TEMPLATE, app, { recursive: true, filter: (from) => !/[/\\](node_modules|dist)$/.test(from) });
  await installPacked(app, { packages: PACKAGES, timeoutMs: INSTALL_MS });
}, INSTALL_MS + 60_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('the packed packages', () => {
  it.each(PACKAGES)('%s installs with its exports map, compiled JavaScript, declarations and changelog', (name) => {
    const dir = join(app, 'node_modules', name);
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    expect(manifest.version).toBe('0.1.0');
    expect(manifest.exports['.']).toEqual({ types: expect.any(String), default: expect.any(String) });
    for (const target of Object.values<{ types: string; default: string }>(manifest.exports).filter(
      (entry) => typeof entry === 'object',
    )) {
      expect(existsSync(join(dir, target.types))).toBe(true);
      expect(existsSync(join(dir, target.default))).toBe(true);
    }
    const files = filesOf(dir);
    expect(files).toEqual(expect.arrayContaining(['README.md', 'CHANGELOG.md']));
    // Compiled output only: no TypeScript sources, specs or fixtures.
    expect(files.filter((file) => /(?<!\.d)\.ts$|\.spec\.|__fixtures__/.test(file))).toEqual([]);
  });

  it('keeps Nest, class-validator and reflect-metadata as peers, so the plugin and the service share one copy', () => {
    for (const name of ['@myko/registry', '@myko/mcp', '@myko/nest']) {
      const manifest = JSON.parse(readFileSync(join(app, 'node_modules', name, 'package.json'), 'utf8'));
      expect(Object.keys(manifest.peerDependencies)).toEqual(
        expect.arrayContaining(['@nestjs/common', 'class-validator', 'reflect-metadata']),
      );
      expect(Object.keys(manifest.dependencies ?? {})).not.toContain('@nestjs/common');
    }
    // One copy of each, hoisted: nothing nested under the packages.
    const nested = ['@myko/registry', '@myko/nest', 'myko-nest'].filter((name) =>
      existsSync(join(app, 'node_modules', name, 'node_modules', '@nestjs', 'common')),
    );
    expect(nested).toEqual([]);
  });
});

describe('a TypeScript plugin outside the repository (templates/plugin)', () => {
  it('builds with strict tsc and no path into this repository, and passes its own tests', async () => {
    const config = JSON.parse(readFileSync(join(app, 'tsconfig.json'), 'utf8'));
    expect(config.compilerOptions).toMatchObject({ strict: true, skipLibCheck: false });
    expect(config.compilerOptions.paths).toBeUndefined();
    expect(config.compilerOptions.baseUrl).toBeUndefined();

    const build = await tsc(app, ['-p', 'tsconfig.json']);
    expect(build.output).toBe('');
    expect(build.code).toBe(0);
    expect(existsSync(join(app, 'dist', 'parcels.plugin.js'))).toBe(true);

    const test = await runIn('npm', ['test'], { cwd: app });
    expect(test.code).toBe(0);
    expect(test.output).toMatch(/pass 2\b/);
    expect(repositoryChanges()).toBe(before);
  });

  it('fails tsc on a mistyped decorator option, naming the key and the one meant', async () => {
    const typo = join(app, 'typo');
    mkdirSync(typo);
    cpSync(join(app, 'src'), join(typo, 'src'), { recursive: true });
    const operations = join(typo, 'src', 'parcel.operations.ts');
    writeFileSync(operations, readFileSync(operations, 'utf8').replace('description:', 'descripton:'));
    const entity = join(typo, 'src', 'parcel.entity.ts');
    writeFileSync(entity, readFileSync(entity, 'utf8').replace("idField: 'trackingCode'", "idfield: 'trackingCode'"));
    writeFileSync(
      join(typo, 'tsconfig.json'),
      JSON.stringify({
        extends: '../tsconfig.json',
        compilerOptions: { rootDir: 'src', noEmit: true },
        include: ['src'],
      }),
    );

    const build = await tsc(app, ['-p', join(typo, 'tsconfig.json')]);
    expect(build.code).not.toBe(0);
    expect(build.output).toMatch(/parcel\.operations\.ts.*'descripton' does not exist in type 'OperationOptions'/);
    expect(build.output).toMatch(/Did you mean to write 'description'\?/);
    expect(build.output).toMatch(/parcel\.entity\.ts.*'idfield' does not exist in type 'EntityOptions'/);
    expect(repositoryChanges()).toBe(before);
  });
});

/** How a consumer compiles: its tsconfig's module settings and its package.json's `type`. */
const CONSUMERS = [
  { name: 'commonjs (the template)', compilerOptions: { module: 'commonjs' }, type: 'commonjs' },
  { name: 'node16, CommonJS', compilerOptions: { module: 'node16', moduleResolution: 'node16' }, type: 'commonjs' },
  {
    name: 'nodenext, CommonJS',
    compilerOptions: { module: 'nodenext', moduleResolution: 'nodenext' },
    type: 'commonjs',
  },
  { name: 'nodenext, ESM', compilerOptions: { module: 'nodenext', moduleResolution: 'nodenext' }, type: 'module' },
];

describe("the packages' declarations, as a plugin or an embedding application imports them", () => {
  it.each(CONSUMERS)('type-check strictly (skipLibCheck off) under $name', async ({ name, compilerOptions, type }) => {
    const dir = join(app, `consumer-${name.replace(/\W+/g, '-')}`);
    mkdirSync(dir);
    // Issue 39: node16 refused @myko/registry's `import type … from '@nestjs/common'` (TS1541, Nest 12 is ESM-only).
    writeFileSync(
      join(dir, 'imports.ts'),
      `import { Entity, OperationRegistry, Query } from '@myko/registry';
       import { MYKO_NEST_PACKAGE, MykoModule } from '@myko/nest';
       import { ClientAccessResolver } from '@myko/nest/access';
       import { DispatchService } from '@myko/nest/dispatch';
       import { ClientFilters } from '@myko/nest/filter';
       import { GatewaysModule } from '@myko/nest/gateways';
       import { SandboxModule } from '@myko/nest/sandbox';
       import { McpTool } from '@myko/mcp';
       export const parts = [Entity, OperationRegistry, Query, MYKO_NEST_PACKAGE, MykoModule, ClientAccessResolver,
         DispatchService, ClientFilters, GatewaysModule, SandboxModule, McpTool];\n`,
    );
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ type }));
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        extends: '../tsconfig.json',
        compilerOptions: { ...compilerOptions, skipLibCheck: false, rootDir: '.', noEmit: true },
        include: ['.'],
      }),
    );
    const check = await tsc(app, ['-p', join(dir, 'tsconfig.json')]);
    expect(check.output).toBe('');
    expect(check.code).toBe(0);
  });
});

describe('served by the installed myko-nest (--plugin ./dist/parcels.plugin.js)', () => {
  const key = randomBytes(24).toString('base64url');
  let server: LaunchedServe | undefined;
  let client: Client;

  beforeAll(async () => {
    // An agent that may read parcels (not change them) and track only two of them.
    writeFileSync(
      join(app, 'myko.config.json'),
      JSON.stringify({
        auth: { required: true },
        profiles: {
          tracking: {
            keys: [`sha256:${createHash('sha256').update(key).digest('hex')}`],
            visibility: { allow: ['query_*'] },
            callable: { allow: { query_TrackParcel: { trackingCode: ['PX-1001', 'PX-1002'] } } },
          },
        },
      }),
    );
    if (!existsSync(join(app, 'dist', 'parcels.plugin.js'))) await tsc(app, ['-p', 'tsconfig.json']);
    server = await launchServe({
      launcher: join(app, 'node_modules', '.bin', 'myko-nest'),
      cwd: app,
      env: cleanEnv(),
      args: ['--plugin', './dist/parcels.plugin.js', '--config', './myko.config.json', '--db', ':memory:'],
      startTimeoutMs: 120_000,
    });
    const transport = new StreamableHTTPClientTransport(new URL(`${server.origin}/mcp`), {
      requestInit: { headers: { Authorization: `Bearer ${key}` } },
    });
    client = await connectClient(transport);
  }, 150_000);

  afterAll(() =>
    releaseAll(
      () => client?.close(),
      () => server?.killGroup('SIGKILL'),
    ),
  );

  it('finds the plugin operation with search, beside the operations its entity generated', async () => {
    const search = await client.callTool({ name: 'search', arguments: { query: 'track a parcel delivery status' } });
    const found = search.structuredContent as { operations: Array<{ id: string; kind: string }> };
    expect(found.operations[0]).toMatchObject({ id: 'TrackParcel', kind: 'query' });
    const generated = await client.callTool({ name: 'search', arguments: { query: 'GetParcelById' } });
    expect((generated.structuredContent as typeof found).operations[0]).toMatchObject({ id: 'GetParcelById' });
  });

  it('runs it with execute, with its DTO validated by the service', async () => {
    const answer = await executeJson<unknown>(
      client,
      `const parcel = await myko.query('TrackParcel', { trackingCode: 'PX-1001' });
       const transit = await myko.query('CountParcels', { status: 'in_transit' });
       return { parcel, transit };`,
    );
    expect(answer).toEqual({
      parcel: { trackingCode: 'PX-1001', depot: 'BER', status: 'in_transit' },
      transit: expect.anything(),
    });
    const invalid = await callExecute(client, `return await myko.query('TrackParcel', { trackingCode: 'nope' });`);
    expect(invalid.isError).toBe(true);
    expect(invalid.text).toMatch(/trackingCode/);
  });

  it("applies the key's profile: a hidden command is unknown, an argument outside its list is refused", async () => {
    const search = await client.callTool({ name: 'search', arguments: { query: 'SetParcelStatus' } });
    expect(JSON.stringify(search.structuredContent)).not.toContain('SetParcelStatus');
    const hidden = await callExecute(
      client,
      `return await myko.command('SetParcelStatus', { trackingCode: 'PX-1001', value: 'delivered' });`,
    );
    expect(hidden.isError).toBe(true);
    expect(hidden.text).toMatch(/Unknown operation: command_SetParcelStatus/);

    const refused = await callExecute(client, `return await myko.query('TrackParcel', { trackingCode: 'PX-1003' });`);
    expect(refused.isError).toBe(true);
    expect(refused.text).toMatch(/trackingCode/);
    expect(refused.text).not.toMatch(/returned/);
  });
});
