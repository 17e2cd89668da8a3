import { describe, expect, it } from 'vitest';
import { EMAIL_STATUS_LABELS, emailReference, orderIdOfReference } from './email-status';

describe('the email outbox wording (docs/decisions/0044, 0134)', () => {
  it('shows pending as Waiting', () => {
    expect(EMAIL_STATUS_LABELS).toEqual({ pending: 'Waiting', sent: 'Sent', failed: 'Failed' });
  });

  it('reads the order id back from an order reference only', () => {
    expect(emailReference.order(12)).toBe('order:12');
    expect(emailReference.user(7)).toBe('user:7');
    expect(orderIdOfReference(emailReference.order(1042))).toBe(1042);
    for (const reference of [null, '', 'user:7', 'order:', 'order:12x', 'xorder:12', 'order:ab']) {
      expect(orderIdOfReference(reference), String(reference)).toBeNull();
    }
  });
});
