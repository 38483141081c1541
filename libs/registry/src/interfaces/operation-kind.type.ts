import type { OPERATION_KINDS } from '../registry.constants';

/** `query`, `view`, `report` or `command`. Only commands change data. */
export type OperationKind = (typeof OPERATION_KINDS)[number];
