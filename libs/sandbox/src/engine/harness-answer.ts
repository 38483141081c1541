import { ResultSizeError } from '../errors/result-size.error';
import { SandboxInternalError } from '../errors/sandbox-internal.error';
import type { SandboxFailure, SandboxFailureKind } from '../interfaces/sandbox-run.interface';
import { RESULT_PREVIEW_CHARS } from '../sandbox.constants';

/** What one run produced, before console and stats are attached. */
export type RunOutcome = { ok: true; resultJson: string } | { ok: false; failure: SandboxFailure };

/** Kinds a sandbox-made error thrown into the script may carry (its tag), when the script lets it escape. */
const TAGGED_KINDS: ReadonlySet<SandboxFailureKind> = new Set(['argument-size', 'call-limit']);

/**
 * Decodes the harness's one-string answer (see bootstrap.source.ts): 'R' + JSON, 'O' + length + ':' +
 * preview, or 'E' + JSON error description. The host re-checks the result size in exact UTF-8 bytes.
 */
export function decodeHarnessAnswer(answer: unknown, maxResultBytes: number): RunOutcome {
  if (typeof answer !== 'string' || answer.length === 0) return internal(answer);
  const body = answer.slice(1);
  switch (answer[0]) {
    case 'R':
      return checkSize(body, maxResultBytes);
    case 'O': {
      const colon = body.indexOf(':');
      const error = new ResultSizeError(Number(body.slice(0, colon)), maxResultBytes, body.slice(colon + 1));
      return { ok: false, failure: error.toFailure() };
    }
    case 'E':
      try {
        return { ok: false, failure: scriptFailure(body) };
      } catch {
        return internal(answer);
      }
    default:
      return internal(answer);
  }
}

function checkSize(json: string, maxResultBytes: number): RunOutcome {
  const size = Buffer.byteLength(json);
  if (size <= maxResultBytes) return { ok: true, resultJson: json };
  return {
    ok: false,
    failure: new ResultSizeError(size, maxResultBytes, json.slice(0, RESULT_PREVIEW_CHARS)).toFailure(),
  };
}

function scriptFailure(json: string): SandboxFailure {
  const info = JSON.parse(json) as { name: string; message: string; line?: number; column?: number; tag?: string };
  const kind = TAGGED_KINDS.has(info.tag as SandboxFailureKind) ? (info.tag as SandboxFailureKind) : 'script';
  const failure: SandboxFailure = { kind, name: info.name, message: info.message };
  if (info.line !== undefined) failure.line = info.line;
  if (info.column !== undefined) failure.column = info.column;
  return failure;
}

function internal(answer: unknown): RunOutcome {
  return { ok: false, failure: new SandboxInternalError(answer).toFailure() };
}
