/** docs/product-decisions.md#carts-and-orders: the order statuses, in the order an order moves through them. */
export const ORDER_STATUSES = ['submitted', 'confirmed', 'ready_for_pickup', 'shipped', 'completed', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  submitted: 'Submitted',
  confirmed: 'Confirmed',
  ready_for_pickup: 'Ready for Pickup',
  shipped: 'Shipped',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

export const ORDER_KINDS = ['sample', 'purchase'] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];

export const ORDER_KIND_LABELS = { sample: 'Sample Order', purchase: 'Purchase Order' } as const;

export const DELIVERY_TYPES = ['pickup', 'ship'] as const;
export type DeliveryType = (typeof DELIVERY_TYPES)[number];

export const DELIVERY_LABELS: Record<DeliveryType, string> = { pickup: 'Pickup', ship: 'Ship' };

/** The date picker is labelled after the delivery choice. */
export function requestedDateLabel(delivery: DeliveryType): string {
  return delivery === 'pickup' ? 'Requested Pickup Date' : 'Requested Arrival Date';
}

/** "Order #1042": how people refer to an order on screen and in email subjects. */
export function orderNumber(id: number): string {
  return `#${id}`;
}
