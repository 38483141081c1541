import { stripTypeScriptTypes } from 'node:module';
import * as ts from 'typescript';
import { DiagnosticJudge } from './diagnostic-judge';
import { DECLARATIONS, ScriptPrograms } from './script-program';
import type { CheckRequest, CheckVerdict, ScriptDiagnostic } from './type-check.protocol';

/** The line the wrapper adds above the script: TypeScript's 0-based lines are then the script's 1-based ones. */
const PREFIX = '(async function () {\n';
const SUFFIX = '\n})();\n';
/** TypeScript's own words of a diagnostic with a hint, at most (a hint is bounded by MAX_HINT_CHARS). */
const MAX_SAID_CHARS = 300;
/** TypeScript-only syntax in a `.js` file (a type annotation, `interface`, `as`…): the script is TypeScript. */
const TS_ONLY_SYNTAX = new Set([8002, 8004, 8006, 8008, 8009, 8010, 8011, 8012, 8013, 8016, 8017]);

/** A script of a batch: its place in the batch and its text inside the wrapper. */
interface Entry {
  readonly index: number;
  readonly code: string;
}

/**
 * Checks scripts against their declarations. Checks waiting together are checked together, one program per
 * declarations text: a fresh program's type checker resolves the lib's types (`Array`, `Promise`) again, and that
 * is most of a lone check's cost. A script that does not keep to its wrapper (it closes the function and goes on)
 * is checked alone, so that nothing it declares can touch another script's verdict.
 */
export class ScriptChecker {
  private readonly programs = new ScriptPrograms();

  check(request: CheckRequest): CheckVerdict {
    return this.checkAll([request])[0];
  }

  /** The verdicts of these checks, in their order. */
  checkAll(requests: readonly CheckRequest[]): CheckVerdict[] {
    const verdicts: CheckVerdict[] = new Array(requests.length);
    for (const [declarations, entries] of byDeclarations(requests)) {
      // A script alone in its group shares its program with nobody: no need to parse it once more to tell.
      const shared = entries.length > 1 ? entries.filter((entry) => keepsToWrapper(entry.code)) : entries;
      if (shared.length > 0) this.checkTogether(declarations, shared, verdicts);
      for (const alone of entries.filter((entry) => !shared.includes(entry))) {
        this.checkTogether(declarations, [alone], verdicts);
      }
    }
    return verdicts;
  }

  /** One JavaScript program for all; those written in TypeScript then get one TypeScript program. */
  private checkTogether(declarations: string, entries: readonly Entry[], verdicts: CheckVerdict[]): void {
    const js = this.programs.program(declarations, scriptFiles(entries, 'js'), ts.ScriptKind.JS);
    const typescript: Entry[] = [];
    entries.forEach((entry, position) => {
      const file = js.getSourceFile(scriptName(position, 'js')) as ts.SourceFile;
      const syntax = js.getSyntacticDiagnostics(file);
      if (syntax.some((d) => TS_ONLY_SYNTAX.has(d.code))) {
        typescript.push(entry);
      } else {
        // JavaScript that does not parse: V8 reports it when it compiles the script, before anything runs.
        verdicts[entry.index] = { language: 'js', diagnostics: syntax.length > 0 ? [] : certain(js, file) };
      }
    });
    if (typescript.length === 0) return;
    const tsProgram = this.programs.program(declarations, scriptFiles(typescript, 'ts'), ts.ScriptKind.TS);
    typescript.forEach((entry, position) => {
      const file = tsProgram.getSourceFile(scriptName(position, 'ts')) as ts.SourceFile;
      verdicts[entry.index] = typeScriptVerdict(tsProgram, file, entry.code);
    });
  }
}

function typeScriptVerdict(program: ts.Program, file: ts.SourceFile, code: string): CheckVerdict {
  const syntax = program.getSyntacticDiagnostics(file);
  if (syntax.length > 0) return { language: 'ts', diagnostics: syntax.map(toScript) };
  // Types become spaces: the JavaScript keeps every line and column of the agent's code.
  const output = stripTypeScriptTypes(wrapped(code)).slice(PREFIX.length, -SUFFIX.length);
  return { language: 'ts', diagnostics: certain(program, file), javascript: output };
}

/** The semantic diagnostics that are certain mistakes against the myko API (see DiagnosticJudge). */
function certain(program: ts.Program, file: ts.SourceFile): ScriptDiagnostic[] {
  const diagnostics = program.getSemanticDiagnostics(file);
  if (diagnostics.length === 0) return [];
  const judge = new DiagnosticJudge(program.getTypeChecker(), file, DECLARATIONS);
  return diagnostics
    .filter((diagnostic) => judge.isCertain(diagnostic))
    .map((diagnostic) =>
      withExpected(withHint(toScript(diagnostic), judge.hint(diagnostic)), judge.expectedType(diagnostic)),
    );
}

function byDeclarations(requests: readonly CheckRequest[]): Map<string, Entry[]> {
  const groups = new Map<string, Entry[]>();
  requests.forEach(({ code, declarations }, index) => {
    const group = groups.get(declarations) ?? [];
    group.push({ index, code });
    groups.set(declarations, group);
  });
  return groups;
}

/** The wrapped script parses as the wrapper's one statement: nothing of it sits outside the function. */
function keepsToWrapper(code: string): boolean {
  const text = wrapped(code);
  const file = ts.createSourceFile('/probe.ts', text, ts.ScriptTarget.ESNext, false, ts.ScriptKind.TS);
  // The wrapper's statement ends at its `;`, before the last line break.
  return file.statements.length === 1 && file.statements[0].end === text.length - 1;
}

function scriptFiles(entries: readonly Entry[], extension: 'js' | 'ts'): Map<string, string> {
  return new Map(entries.map((entry, position) => [scriptName(position, extension), wrapped(entry.code)]));
}

/** A script file named by its position in the group. */
function scriptName(position: number, extension: 'js' | 'ts'): string {
  return `/script-${position}.${extension}`;
}

function wrapped(code: string): string {
  return `${PREFIX}${code}${SUFFIX}`;
}

/**
 * TypeScript's message, cut where it spells out a large type, then what would be right: the hint must survive the
 * report's cut (type-check.report.ts), so the message before it is cut first.
 */
function withHint(diagnostic: ScriptDiagnostic, hint: string | undefined): ScriptDiagnostic {
  if (hint === undefined) return diagnostic;
  const said = diagnostic.message;
  if (said.length <= MAX_SAID_CHARS) return { ...diagnostic, message: `${said} ${hint}` };
  // TypeScript's own did-you-mean closes its message, after the long type that is cut: keep it.
  const meant = /Did you mean (to write )?'[^']+'\?$/.exec(said)?.[0] ?? '';
  const head = `${said.slice(0, MAX_SAID_CHARS - 1 - meant.length)}…${meant ? ` ${meant}` : ''}`;
  return { ...diagnostic, message: `${head} ${hint}` };
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
