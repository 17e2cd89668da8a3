import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_HEADER } from '@common/contracts/common';
import { idempotent, newIdempotencyKey } from './idempotency-key';

describe('Idempotency-Key on cart writes', () => {
  it('makes a new visible-ASCII key per call', () => {
    const a = newIdempotencyKey('cart-add');
    expect(a).toMatch(/^cart-add-[0-9a-f]{32}$/);
    expect(newIdempotencyKey('cart-add')).not.toBe(a);
    expect(idempotent('x', 'x-1')).toEqual({ headers: { [IDEMPOTENCY_HEADER]: 'x-1' } });
  });
});
