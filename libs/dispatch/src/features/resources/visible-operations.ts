import type { ClientFilters } from '@myko/filter';
import type { OperationDescriptor } from '@myko/registry';

/** The visible operations of one client, in a stable order, read a slice at a time. */
export interface VisibleOperationList {
  readonly count: number;
  slice(start: number, end: number): OperationDescriptor[];
}

/**
 * The operations a client may see, in the search index's order. Code Mode's search index answers it
 * (bound to this token by the module): the schema resources list what search finds, without the
 * features importing Code Mode, which sits above them.
 */
export abstract class VisibleOperations {
  abstract visible(filters: ClientFilters): VisibleOperationList;
}
