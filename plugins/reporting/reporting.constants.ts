/** URI of the low-stock resource: the `LowStock` report's first 100 rows, subscribable. */
export const LOW_STOCK_URI = 'myko://inventory/low-stock';

/** Rows the low-stock resource shows. */
export const LOW_STOCK_RESOURCE_ROWS = 100;
