import type { CallToolResult } from '../../features/tools/tool-definition.interface';
import { textContent } from '../../features/tools/tool-result';
import type { ScriptDiagnostic } from './type-check.protocol';
import { renderDiagnostics } from './type-check.report';

/** `strict`: the script's type errors, answered like a script error (`isError`), nothing having run. */
export function typeCheckRefusal(diagnostics: readonly ScriptDiagnostic[]): CallToolResult {
  return {
    content: [textContent(`Type check failed (nothing ran):\n${renderDiagnostics(diagnostics)}`)],
    isError: true,
  };
}

/** `warn`: the run's result, with the diagnostics in a block of their own after it; unchanged when there are none. */
export function withTypeWarnings(result: CallToolResult, diagnostics: readonly ScriptDiagnostic[]): CallToolResult {
  if (diagnostics.length === 0) return result;
  const block = textContent(`type check:\n${renderDiagnostics(diagnostics)}`);
  return { ...result, content: [...result.content, block] };
}
