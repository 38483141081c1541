/** Why on-hand stock changed. `shipment` is written when an order ships. */
export const MOVEMENT_REASONS = [
  'receipt',
  'restock',
  'adjustment',
  'shipment',
  'transfer_in',
  'transfer_out',
] as const;

export type MovementReason = (typeof MOVEMENT_REASONS)[number];

/** Reorder point given to a new product's stock levels when none is specified, in units. */
export const DEFAULT_REORDER_POINT = 10;
