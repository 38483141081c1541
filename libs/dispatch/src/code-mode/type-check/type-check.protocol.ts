/**
 * The type names the declarations give `myko.query` & co. (run, and plan mode): the checker recognises an
 * operation call by its callee's type, whatever the script named it through.
 */
export const OPERATION_CALL_TYPE = { run: 'MykoCall', plan: 'MykoPlanned' } as const;

/** One check sent to a type-check worker process: the script and the declarations of what it names. */
export interface CheckRequest {
  readonly code: string;
  readonly declarations: string;
}

/** A type error at the script's own line and column (1-based). */
export interface ScriptDiagnostic {
  readonly line: number;
  readonly column: number;
  /** TypeScript's error code (`2339`: no such property); 0 for the checker's own (an unknown operation). */
  readonly code: number;
  readonly message: string;
  /** The type the value or field was measured against, as TypeScript writes it, where there is one. */
  readonly expected?: string;
}

/** The worker's answer: the script's language, its diagnostics and, for TypeScript, the JavaScript to run. */
export interface CheckVerdict {
  readonly language: 'js' | 'ts';
  readonly diagnostics: readonly ScriptDiagnostic[];
  /** TypeScript with its types stripped, on the same lines: what the sandbox runs. */
  readonly javascript?: string;
}

/** Messages between the host and the worker: a check by id, its verdict (or the error that stopped it). */
export interface CheckMessage {
  readonly id: number;
  readonly request: CheckRequest;
}

export interface VerdictMessage {
  readonly id: number;
  readonly verdict?: CheckVerdict;
  readonly error?: string;
}
