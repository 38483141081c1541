import { type ArgumentIssue, InvalidArgumentsError, UNKNOWN_ARGUMENT } from '@myko/registry';
import type { ArgumentBinding, ConnectorOperation } from '../interfaces/connector-operation.interface';

/** Why a path value is refused: it would make a dot-segment or an empty one, and so leave the route. */
export const DOT_SEGMENT = 'a path value may not be empty, "." or ".." (it would leave the operation\'s route)';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const scalar = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

/** A path argument as it is written into the path: percent-encoded, so `/` and `%` stay inside the segment. */
export function encodePathValue(value: unknown): string {
  return encodeURIComponent(scalar(value));
}

/**
 * Path segments the arguments fill to `.`, `..` or nothing: a backend (or a proxy in front of it) resolves
 * those against the path (`/files/../admin` → `/admin`), so the request would reach a route neither the
 * document nor the operator's rules expose. `%2E` is no way out: `encodeURIComponent` leaves `.` as it is,
 * and a `%` the caller writes is itself encoded.
 */
function pathIssues(template: string, bindings: readonly ArgumentBinding[], args: Record<string, unknown>) {
  const issues: ArgumentIssue[] = [];
  for (const segment of template.split('/')) {
    const used = bindings.filter(
      (b) => b.in === 'path' && segment.includes(`{${b.name}}`) && args[b.arg] !== undefined,
    );
    if (used.length === 0) continue;
    const filled = used.reduce((text, b) => text.split(`{${b.name}}`).join(encodePathValue(args[b.arg])), segment);
    if (filled === '' || filled === '.' || filled === '..') {
      for (const b of used) issues.push({ path: b.arg, reasons: [DOT_SEGMENT] });
    }
  }
  return issues;
}

/** Keys of object query arguments their schema does not declare (exploded, each would be a query parameter). */
function queryKeyIssues(bindings: readonly ArgumentBinding[], args: Record<string, unknown>): ArgumentIssue[] {
  const issues: ArgumentIssue[] = [];
  for (const binding of bindings) {
    const value = args[binding.arg];
    if (binding.in !== 'query' || binding.openKeys || !isObject(value)) continue;
    for (const key of Object.keys(value)) {
      if (!binding.keys?.includes(key)) issues.push({ path: `${binding.arg}.${key}`, reasons: [UNKNOWN_ARGUMENT] });
    }
  }
  return issues;
}

/**
 * Refuses arguments that would take the request off the operation's route: path values that make a
 * dot-segment, undeclared keys of an object query parameter. Checked with the schema, before any request.
 * @throws InvalidArgumentsError naming each argument, as schema validation does
 */
export function assertOnRoute(name: string, operation: ConnectorOperation, args: Record<string, unknown>): void {
  const issues = [...pathIssues(operation.path, operation.bindings, args), ...queryKeyIssues(operation.bindings, args)];
  if (issues.length > 0) throw new InvalidArgumentsError(name, issues);
}
