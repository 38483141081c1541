/** Order lifecycle: pending -> paid -> shipped; pending or paid -> cancelled. */
export const ORDER_STATUSES = ['pending', 'paid', 'shipped', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Statuses whose order still holds reserved stock. */
export const OPEN_ORDER_STATUSES: readonly OrderStatus[] = ['pending', 'paid'];

export const CUSTOMER_SEGMENTS = ['consumer', 'smb', 'enterprise'] as const;
export type CustomerSegment = (typeof CUSTOMER_SEGMENTS)[number];

/** Most lines one order may have. */
export const MAX_ORDER_LINES = 50;
