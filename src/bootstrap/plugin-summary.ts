import type { OperationDescriptor } from '@myko/registry';
import type { PluginModule } from '../plugin-loader/plugin-module.interface';

const counted = (n: number) => `${n} operation${n === 1 ? '' : 's'}`;

/**
 * `Plugins: /srv/plugins/greetings.plugin.js (2 operations), …`: the external plugin files loaded
 * (`--plugin`, the config's `plugins`), each with the operations its providers declare; undefined
 * without any, so a start-up log names exactly the code it runs beside the built-in plugins.
 */
export function pluginSummary(
  plugins: readonly PluginModule[] | undefined,
  operations: readonly Pick<OperationDescriptor, 'source'>[],
): string | undefined {
  const files = [...new Set((plugins ?? []).map((plugin) => plugin.file))];
  if (files.length === 0) return undefined;
  // An operation's source ends in ` (plugin <file>)` when its provider came from a plugin file.
  const of = (file: string) => operations.filter((op) => op.source.endsWith(` (plugin ${file})`)).length;
  return `Plugins: ${files.map((file) => `${file} (${counted(of(file))})`).join(', ')}`;
}
