import { describe, expect, it } from 'vitest';
import { DELIVERY_LABELS, ORDER_STATUS_LABELS, orderNumber, requestedDateLabel } from './order-status';

describe('order wording (docs/product-decisions.md#carts-and-orders)', () => {
  it('labels every status and delivery choice', () => {
    expect(ORDER_STATUS_LABELS).toEqual({
      submitted: 'Submitted',
      confirmed: 'Confirmed',
      ready_for_pickup: 'Ready for Pickup',
      shipped: 'Shipped',
      completed: 'Completed',
      cancelled: 'Cancelled',
    });
    expect(DELIVERY_LABELS).toEqual({ pickup: 'Pickup', ship: 'Ship' });
  });

  it('labels the date picker after the delivery choice', () => {
    expect(requestedDateLabel('pickup')).toBe('Requested Pickup Date');
    expect(requestedDateLabel('ship')).toBe('Requested Arrival Date');
  });

  it('refers to an order as #id', () => {
    expect(orderNumber(1042)).toBe('#1042');
  });
});
