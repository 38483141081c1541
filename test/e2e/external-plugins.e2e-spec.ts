import { type ChildProcess, spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import * as ts from 'typescript';
import { callExecute, executeJson } from '../helpers/execute-tool';
import { connectClient, LAUNCHER } from '../helpers/mcp-client';
import { releaseAll } from '../helpers/releases';
import { killServeProcess, type ServeProcess, startServeProcess } from '../helpers/serve-process';

jest.setTimeout(60_000);

const FIXTURES = resolve(__dirname, '../fixtures/plugins');
const CJS = 'slow-backend.plugin.js';
const ESM = 'warehouse-hours.plugin.mjs';
const MISTYPED = 'mistyped-options.plugin.js';

/** The same mistake in TypeScript, which `tsc` refuses and a transpile-only build lets through. */
const MISSPELT_TS = 'misspelt-key.plugin.ts';

/** The 1-based line of `file` that holds `text`. */
function lineOf(file: string, text: string): number {
  return (
    readFileSync(file, 'utf8')
      .split('\n')
      .findIndex((line) => line.includes(text)) + 1
  );
}

/** A plugin whose operation id collides with the example domain's `query_ListProducts`. */
const COLLIDING_PLUGIN = `
const { Injectable, Module } = require('@nestjs/common');
const { Query } = require('@myko/registry');
class ShadowOperations { ListProducts() { return []; } }
Reflect.decorate([Query({ description: 'Shadows the catalogue.' })], ShadowOperations.prototype, 'ListProducts',
  Object.getOwnPropertyDescriptor(ShadowOperations.prototype, 'ListProducts'));
class ShadowModule {}
module.exports = Reflect.decorate([Module({ providers: [Reflect.decorate([Injectable()], ShadowOperations)] })], ShadowModule);
`;

interface Finished {
  code: number | null;
  stderr: string;
}

function run(args: string[]): Promise<Finished> {
  const child: ChildProcess = spawn(LAUNCHER, ['serve', '--port', '0', '--db', ':memory:', ...args], {
    env: { PATH: process.env.PATH ?? '', NO_COLOR: '1' },
    stdio: 'pipe',
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  // A start that was not refused is a failure of the test: stop it rather than hang.
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  return new Promise((done) =>
    child.on('close', (code) => {
      clearTimeout(timer);
      done({ code, stderr });
    }),
  );
}

/** Plugin files live outside the repository, as a team's deployment keeps them. */
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'myko-plugins-'));
  for (const file of [CJS, ESM, MISTYPED, MISSPELT_TS]) copyFileSync(join(FIXTURES, file), join(dir, file));
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('--plugin: external plugin modules outside the repository', () => {
  let server: ServeProcess | undefined;
  let client: Client;

  beforeAll(async () => {
    server = await startServeProcess(['--plugin', join(dir, CJS), `--plugin=${join(dir, ESM)}`]);
    client = await connectClient(new StreamableHTTPClientTransport(new URL(`${server.origin}/mcp`)));
  });

  afterAll(() =>
    releaseAll(
      () => client?.close(),
      () => killServeProcess(server),
    ),
  );

  it('serves a CommonJS and an ESM plugin beside the built-in operations, chained in one execute', async () => {
    const answer = await executeJson<{ wait: unknown; hours: unknown; products: number }>(
      client,
      `const wait = await myko.query('Wait', { ms: 20, tag: 'x' });
       const hours = await myko.query('GetOpeningHours', { code: 'ber' });
       const page = await myko.query('ListProducts', { limit: 1 });
       return { wait, hours, products: page.items.length };`,
    );
    expect(answer).toEqual({
      wait: { waitedMs: 20, tag: 'x' },
      hours: { code: 'BER', opens: '08:00', closes: '18:00' },
      products: 1,
    });
  });

  it("validates a plugin's arguments with its class-validator DTO (the service's own class-validator)", async () => {
    const result = await client.callTool({
      name: 'execute',
      arguments: { code: `return await myko.query('Wait', { ms: -5 });` },
    });
    expect(result.isError).toBe(true);
    expect(JSON.stringify(result.content)).toMatch(/ms.*(0|min)/i);
  });

  it('lists plugin operations in search and their schemas as resources', async () => {
    const search = await client.callTool({ name: 'search', arguments: { query: 'Wait' } });
    const found = search.structuredContent as { operations: Array<{ id: string; kind: string }> };
    expect(found.operations).toContainEqual(expect.objectContaining({ id: 'Wait', kind: 'query' }));
    expect((search.content as Array<{ text: string }>)[0].text).toMatch(/^query Wait\(args/m);
    const schema = await client.readResource({ uri: 'myko://schema/query/Wait' });
    const text = (schema.contents[0] as { text: string }).text;
    expect(JSON.parse(text).properties.ms).toMatchObject({ type: 'integer' });
  });
});

describe('plugins listed in the config file', () => {
  it('loads them relative to the config file over stdio, and runs their commands', async () => {
    writeFileSync(join(dir, 'myko.json'), JSON.stringify({ auth: { required: false }, plugins: [`./${CJS}`] }));
    const transport = new StdioClientTransport({
      command: LAUNCHER,
      args: ['stdio', '--db', ':memory:', '--audit-log', 'off', '--config', join(dir, 'myko.json')],
      env: { PATH: process.env.PATH ?? '' },
      stderr: 'pipe',
    });
    const client = await connectClient(transport);
    try {
      const pings = await executeJson<Array<{ pings: number }>>(
        client,
        `return [await myko.command('RecordPing'), await myko.command('RecordPing')];`,
      );
      expect(pings).toEqual([{ pings: 1 }, { pings: 2 }]);
    } finally {
      await client.close();
    }
  });
});

describe('a plugin that cannot be served refuses the start, naming the file', () => {
  it('a missing file', async () => {
    const missing = join(dir, 'nowhere.plugin.js');
    const result = await run(['--plugin', missing]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`refusing to start: plugin ${missing}: no such file`);
  });

  it('a module that exports no Nest module', async () => {
    const file = join(dir, 'not-a-module.js');
    writeFileSync(file, 'module.exports = { answer: 42, helper() {} };\n');
    const result = await run(['--plugin', file]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`plugin ${file}: exports no Nest module`);
  });

  it('a module that throws while it loads', async () => {
    const file = join(dir, 'broken.plugin.js');
    writeFileSync(file, "throw new Error('missing DATABASE_URL');\n");
    const result = await run(['--plugin', file]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`plugin ${file}: failed to load: missing DATABASE_URL`);
  });

  it('an operation name a built-in plugin already declares', async () => {
    const file = join(dir, 'shadow.plugin.js');
    writeFileSync(file, COLLIDING_PLUGIN);
    const result = await run(['--plugin', file]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Duplicate operation name query_ListProducts');
    expect(result.stderr).toContain(`ShadowOperations.ListProducts (plugin ${file})`);
  });

  it('two plugin files declaring the same operation name, each named', async () => {
    const copy = join(dir, 'copy.plugin.js');
    copyFileSync(join(dir, CJS), copy);
    const result = await run(['--plugin', join(dir, CJS), '--plugin', copy]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Duplicate operation name query_Wait');
    expect(result.stderr).toContain(`(plugin ${join(dir, CJS)})`);
    expect(result.stderr).toContain(`(plugin ${copy})`);
  });
});

describe('decorator options nothing compiled refuse the start, naming the file, the method and the key meant', () => {
  it('a JavaScript plugin: every wrong decorator, each with its line', async () => {
    const file = join(dir, MISTYPED);
    const result = await run(['--plugin', file]);
    expect(result.code).toBe(2);
    const at = (decorator: string, method: string, marker: string) =>
      `${decorator} on BirdOperations.${method} (plugin ${file}) at ${file}:${lineOf(file, marker)} has invalid options:`;
    expect(result.stderr).toContain(
      `myko-nest: refusing to start: ${at('@Query', 'ListBirds', 'descripton')}\n` +
        '  - unknown option `descripton`: did you mean `description`?\n' +
        '  - unknown option `keyword`: did you mean `keywords`?\n' +
        '  - unknown option `idempotent` (known: `id`, `description`, `args`, `output`, `keywords`, `reads`, `resource`)\n' +
        `${at('@Command', 'RingBird', 'ringing')}\n` +
        '  - `description` must not be empty\n' +
        '  - `keywords` must be an array of strings, got string\n' +
        '  - `destructive` must be a boolean, got string\n',
    );
  });

  it('a compiled TypeScript plugin: the line of its TypeScript source, through the source map', async () => {
    const source = join(dir, MISSPELT_TS);
    const { outputText, sourceMapText } = ts.transpileModule(readFileSync(source, 'utf8'), {
      fileName: MISSPELT_TS,
      compilerOptions: {
        module: ts.ModuleKind.CommonJS,
        target: ts.ScriptTarget.ES2022,
        experimentalDecorators: true,
        sourceMap: true,
      },
    });
    const file = source.replace(/\.ts$/, '.js');
    writeFileSync(file, outputText);
    writeFileSync(`${file}.map`, sourceMapText ?? '');
    const result = await run(['--plugin', file]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      `@Query on BirdOperations.ListBirds (plugin ${file}) at ${source}:${lineOf(source, "keyword: ['birds']")} ` +
        'has invalid options:\n  - unknown option `keyword`: did you mean `keywords`?\n',
    );
  });
});

/** The README's greetings plugin, as `nest build` compiles it; `fields` is the body of its output class. */
const greetingsPlugin = (fields: string) => `
import { Injectable, Module } from '@nestjs/common';
import { IsInt, IsString } from 'class-validator';
import { Query } from '@myko/registry';

export class Greeting {
${fields}
}

@Injectable()
export class GreetingOperations {
  @Query({ description: 'Greetings, oldest first.', output: [Greeting] })
  ListGreetings(): Greeting[] {
    return [{ id: 1, text: 'Hello' }, { id: 2, text: 'Hi' }];
  }
}

@Module({ providers: [GreetingOperations] })
export class GreetingsModule {}
`;

/** Compiles a TypeScript plugin as `tsc` would (decorators and their metadata) into `dir`. */
function compilePlugin(name: string, source: string): string {
  const { outputText } = ts.transpileModule(source, {
    fileName: `${name}.ts`,
    compilerOptions: {
      module: ts.ModuleKind.CommonJS,
      target: ts.ScriptTarget.ES2022,
      experimentalDecorators: true,
      emitDecoratorMetadata: true,
      useDefineForClassFields: false,
    },
  });
  const file = join(dir, `${name}.js`);
  writeFileSync(file, outputText);
  return file;
}

describe('an output class agents would see empty', () => {
  it('refuses the start, naming the operation, the class and the decorators to add', async () => {
    const file = compilePlugin('plain-greetings.plugin', greetingsPlugin('  id!: number;\n  text!: string;'));
    const result = await run(['--plugin', file]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      `myko-nest: refusing to start: Operation query_ListGreetings declared by GreetingOperations.ListGreetings (plugin ${file}): ` +
        'output class Greeting has no decorated fields, so agents would see it as an empty type',
    );
    expect(result.stderr).toContain(
      'Give each field of Greeting a class-validator decorator: `@IsString() name!: string`',
    );
    expect(result.stderr).toContain('declare `output: Object`');
  });

  describe('its fields decorated, as the README writes it', () => {
    let server: ServeProcess | undefined;
    let client: Client;

    beforeAll(async () => {
      const fields = '  @IsInt()\n  id!: number;\n  @IsString()\n  text!: string;';
      server = await startServeProcess(['--plugin', compilePlugin('greetings.plugin', greetingsPlugin(fields))]);
      client = await connectClient(new StreamableHTTPClientTransport(new URL(`${server.origin}/mcp`)));
    });

    afterAll(() =>
      releaseAll(
        () => client?.close(),
        () => killServeProcess(server),
      ),
    );

    it('search shows its fields, a misspelt field is refused before it runs, the right one is read', async () => {
      const search = await client.callTool({ name: 'search', arguments: { query: 'ListGreetings' } });
      expect((search.content as Array<{ text: string }>)[0].text).toMatch(/id: number; text: string/);

      const typo = await callExecute(client, `return (await myko.query('ListGreetings', {})).map((g) => g.txt);`);
      expect(typo.isError).toBe(true);
      expect(typo.text).toMatch(/Property 'txt' does not exist on type 'Greeting'/);

      const texts = await executeJson(client, `return (await myko.query('ListGreetings', {})).map((g) => g.text);`);
      expect(texts).toEqual(['Hello', 'Hi']);
    });
  });
});
