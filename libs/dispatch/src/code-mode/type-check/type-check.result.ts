import type { CallToolResult } from '../../features/tools/tool-definition.interface';
import { textContent } from '../../features/tools/tool-result';
import type { ScriptDiagnostic } from './type-check.protocol';
import { renderDiagnostics, reportDiagnostics } from './type-check.report';

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
