import { readFileSync } from 'node:fs';
import { stripTypeScriptTypes } from 'node:module';
import { dirname, join } from 'node:path';
import * as ts from 'typescript';
import { DiagnosticJudge } from './diagnostic-judge';
import type { CheckRequest, CheckVerdict, ScriptDiagnostic } from './type-check.protocol';

const DECLARATIONS = '/myko.d.ts';
const LIB = '/lib.es2024.d.ts';
/** The line the wrapper adds above the script: TypeScript's 0-based lines are then the script's 1-based ones. */
const PREFIX = '(async function () {\n';
const SUFFIX = '\n})();\n';
/** TypeScript-only syntax in a `.js` file (a type annotation, `interface`, `as`…): the script is TypeScript. */
const TS_ONLY_SYNTAX = new Set([8002, 8004, 8006, 8008, 8009, 8010, 8011, 8012, 8013, 8016, 8017]);

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
  lib: [LIB.slice(1)],
  types: [],
  skipLibCheck: true,
  noResolve: true,
};

/**
 * A warm TypeScript language service over a fixed set of files: the ES2023 lib (no DOM), a declaration
 * file and one script, both replaced on every check. The lib's syntax trees are parsed once and kept.
 */
export class ScriptChecker {
  private readonly libDir = dirname(require.resolve('typescript'));
  private readonly libs = new Map<string, ts.IScriptSnapshot | undefined>();
  private declarations = '';
  private script = '';
  private scriptName = '/script.js';
  private version = 0;
  private readonly service: ts.LanguageService;

  constructor() {
    this.service = ts.createLanguageService(this.host(), ts.createDocumentRegistry());
  }

  check(request: CheckRequest): CheckVerdict {
    this.declarations = request.declarations;
    this.load('/script.js', request.code);
    const syntax = this.service.getSyntacticDiagnostics('/script.js');
    if (!syntax.some((d) => TS_ONLY_SYNTAX.has(d.code))) {
      // JavaScript that does not parse: V8 reports it when it compiles the script, before anything runs.
      return { language: 'js', diagnostics: syntax.length > 0 ? [] : this.certain('/script.js') };
    }
    this.load('/script.ts', request.code);
    const tsSyntax = this.service.getSyntacticDiagnostics('/script.ts');
    if (tsSyntax.length > 0) return { language: 'ts', diagnostics: tsSyntax.map(toScript) };
    const diagnostics = this.certain('/script.ts');
    // Types become spaces: the JavaScript keeps every line and column of the agent's code.
    const output = stripTypeScriptTypes(`${PREFIX}${request.code}${SUFFIX}`).slice(PREFIX.length, -SUFFIX.length);
    return { language: 'ts', diagnostics, javascript: output };
  }

  private load(name: string, code: string): void {
    this.scriptName = name;
    this.script = `${PREFIX}${code}${SUFFIX}`;
    this.version++;
  }

  /** The semantic diagnostics that are certain mistakes against the myko API (see DiagnosticJudge). */
  private certain(name: string): ScriptDiagnostic[] {
    const diagnostics = this.service.getSemanticDiagnostics(name);
    if (diagnostics.length === 0) return [];
    const program = this.service.getProgram();
    const file = program?.getSourceFile(name);
    if (!program || !file) return [];
    const judge = new DiagnosticJudge(program.getTypeChecker(), file, DECLARATIONS);
    return diagnostics
      .filter((diagnostic) => judge.isCertain(diagnostic))
      .map((diagnostic) => withExpected(toScript(diagnostic), judge.expectedType(diagnostic)));
  }

  private host(): ts.LanguageServiceHost {
    return {
      getCompilationSettings: () => OPTIONS,
      getScriptFileNames: () => [DECLARATIONS, this.scriptName],
      // The lib files never change: their syntax trees are parsed once and kept.
      getScriptVersion: (file) => (file === DECLARATIONS || file === this.scriptName ? String(this.version) : '0'),
      getScriptSnapshot: (file) => this.snapshot(file),
      getCurrentDirectory: () => '/',
      getDefaultLibFileName: () => LIB,
      fileExists: (file) => file === DECLARATIONS || file === this.scriptName || this.snapshot(file) !== undefined,
      readFile: (file) => {
        const snapshot = this.snapshot(file);
        return snapshot?.getText(0, snapshot.getLength());
      },
    };
  }

  private snapshot(file: string): ts.IScriptSnapshot | undefined {
    if (file === DECLARATIONS) return ts.ScriptSnapshot.fromString(this.declarations);
    if (file === this.scriptName) return ts.ScriptSnapshot.fromString(this.script);
    if (!/^\/lib\.[\w.]+\.d\.ts$/.test(file)) return undefined;
    if (!this.libs.has(file)) this.libs.set(file, readLib(join(this.libDir, file.slice(1))));
    return this.libs.get(file);
  }
}

function readLib(path: string): ts.IScriptSnapshot | undefined {
  try {
    return ts.ScriptSnapshot.fromString(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

function withExpected(diagnostic: ScriptDiagnostic, expected: string | undefined): ScriptDiagnostic {
  return expected === undefined ? diagnostic : { ...diagnostic, expected };
}

/** A diagnostic at the script's own line and column (1-based), its message on one line. */
function toScript(diagnostic: ts.Diagnostic): ScriptDiagnostic {
  const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ');
  if (!diagnostic.file || diagnostic.start === undefined) return { line: 0, column: 0, code: diagnostic.code, message };
  const { line, character } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
  const column = line === 0 ? 1 : character + 1;
  return { line: Math.max(line, 1), column, code: diagnostic.code, message };
}
