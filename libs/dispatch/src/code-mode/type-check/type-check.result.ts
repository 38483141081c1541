import type { CallToolResult } from '../../features/tools/tool-definition.interface';
import { textContent } from '../../features/tools/tool-result';
import type { ScriptDiagnostic } from './type-check.protocol';
import { renderDiagnostics, reportDiagnostics } from './type-check.report';
import type { UnjudgedCheck } from './type-check.worker-client';

/**
 * `strict`: the script's type errors, answered like a script error (`isError`), nothing having run; the same
 * diagnostics as data in `_meta.typeCheck` (see {@link typeCheckMeta}).
 */
export function typeCheckRefusal(diagnostics: readonly ScriptDiagnostic[]): CallToolResult {
  return {
    content: [textContent(`Type check failed (nothing ran):\n${renderDiagnostics(diagnostics)}`)],
    isError: true,
    _meta: typeCheckMeta('strict', diagnostics),
  };
}

/** Why strict refused a script it could not judge; `busy` is a retryable limit error instead (see ExecuteTool). */
const UNJUDGED_TEXT: Readonly<Record<Exclude<UnjudgedCheck, 'busy'>, string>> = {
  timeout:
    "Type check timed out (nothing ran): this script's types took longer than the type check's time limit. " +
    'Simplify its type annotations (no deeply recursive or combinatorial types); this counts toward the abuse backoff.',
  crash:
    "Type check ran out of memory (nothing ran): this script's types took more than the type checker's heap. " +
    'Simplify its type annotations; this counts toward the abuse backoff.',
  error: 'Type check failed to judge this script (nothing ran). Retry, or write it more plainly.',
};

/** `strict`: a script that could not be judged, answered like a script error (`isError`), nothing having run. */
export function typeCheckUnjudged(unjudged: Exclude<UnjudgedCheck, 'busy'>): CallToolResult {
  return {
    content: [textContent(UNJUDGED_TEXT[unjudged])],
    isError: true,
    _meta: { typeCheck: { mode: 'strict', unjudged, diagnostics: [] } },
  };
}

/**
 * `warn`: the run's result, with the diagnostics in a text block of their own after it (what the model reads)
 * and as data in `_meta.typeCheck` (for programs); unchanged when there are none.
 */
export function withTypeWarnings(result: CallToolResult, diagnostics: readonly ScriptDiagnostic[]): CallToolResult {
  if (diagnostics.length === 0) return result;
  const block = textContent(`type check:\n${renderDiagnostics(diagnostics)}`);
  return {
    ...result,
    content: [...result.content, block],
    _meta: { ...(result._meta as Record<string, unknown> | undefined), ...typeCheckMeta('warn', diagnostics) },
  };
}

/** `{ typeCheck: { mode, diagnostics: [{ line, column, message, expected? }], more? } }`. */
function typeCheckMeta(mode: 'strict' | 'warn', diagnostics: readonly ScriptDiagnostic[]): Record<string, unknown> {
  return { typeCheck: { mode, ...reportDiagnostics(diagnostics) } };
}
