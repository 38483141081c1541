import { ToolExecutionError } from '../../errors';

/**
 * The refusal of an `execute` script over `maxBytes` (UTF-8), else undefined: one native count of the bytes,
 * only for a text that might be over (a UTF-16 unit is at most three bytes).
 */
export function oversizeScript(code: unknown, maxBytes: number): ToolExecutionError | undefined {
  if (typeof code !== 'string' || code.length <= maxBytes / 3) return undefined;
  const bytes = Buffer.byteLength(code, 'utf8');
  if (bytes <= maxBytes) return undefined;
  return new ToolExecutionError(
    `Invalid arguments for execute: \`code\` must be at most ${maxBytes.toLocaleString('en-US')} bytes ` +
      `(UTF-8; the server's maxScriptBytes), not ${bytes.toLocaleString('en-US')}: split the work into several scripts.`,
  );
}
