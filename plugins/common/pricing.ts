/** Flat shipping fee charged below the free-shipping threshold, in euro cents. */
export const SHIPPING_FEE_CENTS = 495;

/** Orders whose subtotal reaches this many euro cents ship for free. */
export const FREE_SHIPPING_THRESHOLD_CENTS = 5000;

/** The shipping fee of an order with this merchandise subtotal (euro cents). */
export function shippingFeeFor(subtotalCents: number): number {
  return subtotalCents >= FREE_SHIPPING_THRESHOLD_CENTS ? 0 : SHIPPING_FEE_CENTS;
}
