import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as ts from 'typescript';
import { decorationSite } from './decoration-site';
import { originalPosition } from './original-position';

/** A plugin's TypeScript: the call on line 4 is what a decorator site must point at. */
const SOURCE = [
  'type Factory = () => string | undefined;',
  'interface Unused { field: number }',
  'export function apply(factory: Factory): string | undefined {',
  '  return factory();',
  '}',
  '',
].join('\n');

let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'myko-source-map-'));
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Compiles SOURCE as `tsc` would, with its map beside it or inline; answers the `.js` path. */
function compile(name: string, inline: boolean): string {
  const { outputText, sourceMapText } = ts.transpileModule(SOURCE, {
    fileName: `${name}.ts`,
    compilerOptions: {
      module: ts.ModuleKind.CommonJS,
      target: ts.ScriptTarget.ES2022,
      sourceMap: !inline,
      inlineSourceMap: inline,
    },
  });
  const file = join(dir, `${name}.js`);
  writeFileSync(file, outputText);
  if (sourceMapText) writeFileSync(`${file}.map`, sourceMapText);
  writeFileSync(join(dir, `${name}.ts`), SOURCE);
  return file;
}

function lineOf(text: string, needle: string): number {
  return text.split('\n').findIndex((line) => line.includes(needle)) + 1;
}

describe('originalPosition', () => {
  it.each([
    ['a map file beside it', 'beside', false],
    ['an inline map', 'inline', true],
  ])('maps a place in compiled JavaScript back to the TypeScript line, through %s', (_, name, inline) => {
    const file = compile(name, inline);
    const compiled = readFileSync(file, 'utf8');
    const line = lineOf(compiled, 'return factory()');
    expect(line).not.toBe(4);
    const column = compiled.split('\n')[line - 1].indexOf('factory') + 1;
    expect(originalPosition({ file, line, column })).toEqual({ file: join(dir, `${name}.ts`), line: 4, column: 10 });
  });

  it('answers the place itself for a file without a map, or one it cannot read', () => {
    const plain = join(dir, 'plain.js');
    writeFileSync(plain, 'module.exports = 1;\n');
    expect(originalPosition({ file: plain, line: 1, column: 1 })).toEqual({ file: plain, line: 1, column: 1 });
    const missing = { file: join(dir, 'nowhere.js'), line: 3, column: 2 };
    expect(originalPosition(missing)).toBe(missing);
  });
});

describe('decorationSite', () => {
  it('names the line that called the factory, in the TypeScript source of a compiled file', () => {
    const { apply } = require(compile('caller', false)) as { apply: (factory: () => string | undefined) => unknown };
    function factory(): string | undefined {
      return decorationSite(factory);
    }
    expect(apply(factory)).toBe(`${join(dir, 'caller.ts')}:4`);
  });
});
