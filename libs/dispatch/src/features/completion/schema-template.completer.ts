import type { ClientFilters } from '@myko/filter';
import { OPERATION_KINDS, type OperationKind, OperationRegistry } from '@myko/registry';
import { Injectable } from '@nestjs/common';

/**
 * Completes the variables of `myko://schema/{kind}/{id}` from the client's visible operations:
 * `kind` among the kinds it can see, `id` among the ids (of the chosen kind, when given). Prefix
 * match, case-insensitive, ids in order.
 */
@Injectable()
export class SchemaTemplateCompleter {
  constructor(private readonly registry: OperationRegistry) {}

  complete(
    variable: string,
    value: string,
    context: Readonly<Record<string, string>>,
    filters: ClientFilters,
  ): string[] {
    const prefix = value.toLowerCase();
    const visible = this.registry.list().filter((op) => filters.isVisible(op.name));
    if (variable === 'kind') {
      return OPERATION_KINDS.filter((kind) => kind.startsWith(prefix) && visible.some((op) => op.kind === kind));
    }
    if (variable !== 'id') return [];
    const kind = OPERATION_KINDS.includes(context.kind as OperationKind) ? context.kind : undefined;
    // A Set, not indexOf: with every id matching an empty prefix, that was quadratic in the registry.
    const ids = visible
      .filter((op) => (kind === undefined || op.kind === kind) && op.id.toLowerCase().startsWith(prefix))
      .map((op) => op.id);
    return [...new Set(ids)];
  }
}
