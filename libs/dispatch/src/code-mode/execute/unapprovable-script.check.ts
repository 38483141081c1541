import type { ClientFilters } from '@myko/filter';
import type { OperationRegistry } from '@myko/registry';
import { namedOperations } from '../type-check/script-operation-ids';
import type { ApprovalDoor } from './approval-doors';
import type { certainCommands } from './certain-commands';

/** Whether a command (`command_<id>`) needs approval for this request's client. */
export type NeedsApproval = (name: string) => boolean;

/**
 * The gated commands (`command_<id>`, once each, in call order) that make a script unapprovable for a request:
 * empty when any door can bring a decision, or when no gated command is certain to be called (`certainCommands`).
 * A gated command only in a branch is not counted: the run then pauses before it as before.
 */
export function unapprovableCommands(code: string, doors: readonly ApprovalDoor[], gated: NeedsApproval): string[] {
  if (doors.length > 0) return [];
  // A one-pass scan first: the script is parsed only when it names a gated command at all.
  const named = namedOperations(code).operations.filter((op) => op.kind === 'command');
  if (!named.some((op) => gated(`command_${op.id}`))) return [];
  const names = certainCommandsOf(code).map(({ id }) => `command_${id}`);
  return [...new Set(names.filter(gated))];
}

/**
 * `certainCommands`, required on first use only: it parses with the TypeScript compiler, which the server process
 * otherwise never loads (type checks run in their own processes). Imported with this file, the 9 MB compiler's
 * source and code sat in every server's heap, though only a doorless script naming a gated command is parsed.
 */
function certainCommandsOf(code: string): ReturnType<typeof certainCommands> {
  const loaded = require('./certain-commands') as { certainCommands: typeof certainCommands };
  return loaded.certainCommands(code);
}

/** As the approval gate judges it: a command the client sees, declared `approval: true` or named by a profile glob. */
export function needsApprovalFor(registry: OperationRegistry, filters: ClientFilters): NeedsApproval {
  return (name) => {
    const op = registry.get(name);
    if (op?.kind !== 'command' || !filters.isVisible(name)) return false;
    return op.approval === true || filters.requiresApproval(name);
  };
}
