import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import * as ts from 'typescript';

/** The generated declarations' file name in every program (ApiTypes tells API types by it). */
export const DECLARATIONS = '/myko.d.ts';
/** The ES2024 lib (no DOM) and every lib it references, as one file. */
const LIB = '/lib.d.ts';
const LIB_ROOT = 'es2024';
/** Declaration texts kept parsed: the operations a fleet's scripts name repeat, their declarations with them. */
const DECLARATION_FILES_KEPT = 32;
const LIB_REFERENCE = /\/\/\/ <reference lib="([\w.]+)" \/>/g;

// Lenient on purpose: an agent's valid JavaScript relies on inference and on values that may be null;
// what is refused is what fails at run time or silently reads `undefined` (names, types, arity, a Promise).
const OPTIONS: ts.CompilerOptions = {
  allowJs: true,
  checkJs: true,
  noEmit: true,
  strict: false,
  noImplicitAny: false,
  // The newest syntax: the sandbox's V8 judges what it can run, not the checker.
  target: ts.ScriptTarget.ESNext,
  module: ts.ModuleKind.None,
  // Every script is a module of its own: nothing one script declares can reach another checked beside it.
  moduleDetection: ts.ModuleDetectionKind.Force,
  // The lib is one root file of the program (ScriptPrograms).
  noLib: true,
  types: [],
  skipLibCheck: true,
  noResolve: true,
};

/**
 * Builds the programs of the checks: the lib, one declarations file and the scripts. The lib is parsed and bound
 * once, as one file: its interfaces declared in many files (`Array` in a dozen) are merged once by the binder,
 * not by every new program's checker. The declarations' syntax trees are kept by text (a few dozen), so the
 * scripts are the only new syntax of a program.
 */
export class ScriptPrograms {
  private readonly lib = ts.createSourceFile(LIB, libText(LIB_ROOT), ts.ScriptTarget.ESNext);
  private readonly declarations = new Map<string, ts.SourceFile>();

  /**
   * One program over the declarations and these scripts, all of one language (`kind`). The scripts are parsed as
   * the program asks, with its options, so that each is a module.
   */
  program(declarations: string, scripts: ReadonlyMap<string, string>, kind: ts.ScriptKind): ts.Program {
    const declarationFile = this.declarationFile(declarations);
    const parsed = new Map<string, ts.SourceFile>();
    const script = (name: string, options: ts.ScriptTarget | ts.CreateSourceFileOptions) => {
      const text = scripts.get(name);
      if (text === undefined) return undefined;
      const file = parsed.get(name) ?? ts.createSourceFile(name, text, options, true, kind);
      parsed.set(name, file);
      return file;
    };
    const fixed = (name: string) => (name === DECLARATIONS ? declarationFile : name === LIB ? this.lib : undefined);
    const host: ts.CompilerHost = {
      getSourceFile: (name, options) => script(name, options) ?? fixed(name),
      getDefaultLibFileName: () => LIB,
      getCurrentDirectory: () => '/',
      getCanonicalFileName: (name) => name,
      useCaseSensitiveFileNames: () => true,
      getNewLine: () => '\n',
      fileExists: (name) => scripts.has(name) || fixed(name) !== undefined,
      readFile: (name) => scripts.get(name),
      writeFile: () => undefined,
    };
    // No old program to start from: it would keep its checker alive into the next check, for the GC to move.
    return ts.createProgram({ rootNames: [LIB, DECLARATIONS, ...scripts.keys()], options: OPTIONS, host });
  }

  private declarationFile(text: string): ts.SourceFile {
    let file = this.declarations.get(text);
    if (file) {
      // Most recently used last: the first entry is the one to drop.
      this.declarations.delete(text);
    } else {
      file = ts.createSourceFile(DECLARATIONS, text, ts.ScriptTarget.ESNext, true);
      if (this.declarations.size >= DECLARATION_FILES_KEPT) {
        this.declarations.delete(this.declarations.keys().next().value as string);
      }
    }
    this.declarations.set(text, file);
    return file;
  }
}

/** A lib with the libs it references, each once, before it (TypeScript's own files, their directives dropped). */
function libText(root: string, seen = new Set<string>()): string {
  if (seen.has(root)) return '';
  seen.add(root);
  const text = readFileSync(join(dirname(require.resolve('typescript')), `lib.${root}.d.ts`), 'utf8');
  const references = [...text.matchAll(LIB_REFERENCE)].map((match) => libText(match[1], seen));
  return `${references.join('')}${text.replace(LIB_REFERENCE, '')}\n`;
}
