/** Metadata key under which an operation decorator stores its options on the method. */
export const OPERATION_METADATA = 'myko:operation';

/** The four operation kinds, in the order they are listed and searched. */
export const OPERATION_KINDS = ['query', 'view', 'report', 'command'] as const;

/** An operation id must be usable as a JS identifier inside the sandbox (`myko.query('GetOrders')`). */
export const OPERATION_ID_PATTERN = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/**
 * Metadata key on a provider class loaded from an external plugin file (`--plugin`): the file's
 * path, so registration errors (a duplicate operation name) can name it.
 */
export const PLUGIN_FILE_METADATA = 'myko:plugin-file';
