import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { transformSync } from '@swc/core';

const ROOT = join(__dirname, '../..');

/** The documentation as one text: README.md, then every page of docs/ (sorted), each ending in a blank line. */
export function readDocs(): string {
  const pages = readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => join('docs', name));
  return ['README.md', ...pages].map((page) => `${readFileSync(join(ROOT, page), 'utf8')}\n`).join('\n');
}

/**
 * Compiles the first TypeScript example under a heading of the docs (README or docs/) as written (decorators, their
 * metadata as `tsc` emits them) and returns its exports, so documented APIs cannot drift.
 */
export function compileReadmeExample(heading: string, filename: string): Record<string, unknown> {
  const docs = readDocs();
  const start = docs.indexOf(`${heading}\n`);
  if (start === -1) throw new Error(`the docs have no heading "${heading}"`);
  const source = docs.slice(start).match(/```ts\n([\s\S]*?)```/)?.[1];
  if (!source) throw new Error(`the docs have no ts example under "${heading}"`);
  const { code } = transformSync(source, {
    filename,
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  });
  const module = { exports: {} as Record<string, unknown> };
  new Function('require', 'module', 'exports', code)(require, module, module.exports);
  return module.exports;
}

/** The context a documented operation receives when a test invokes it directly. */
export function internalContext() {
  return {
    client: { transport: 'internal' as const },
    signal: new AbortController().signal,
    log: { debug() {}, info() {}, warn() {}, error() {} },
    progress() {},
  };
}
