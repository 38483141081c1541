import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { transformSync } from '@swc/core';

/**
 * Compiles the first TypeScript example under a README heading as written (decorators and their
 * metadata as `tsc` emits them) and returns its exports, so documented APIs cannot drift.
 */
export function compileReadmeExample(heading: string, filename: string): Record<string, unknown> {
  const readme = readFileSync(join(__dirname, '../../README.md'), 'utf8');
  const start = readme.indexOf(`${heading}\n`);
  if (start === -1) throw new Error(`README has no heading "${heading}"`);
  const source = readme.slice(start).match(/```ts\n([\s\S]*?)```/)?.[1];
  if (!source) throw new Error(`README has no ts example under "${heading}"`);
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
