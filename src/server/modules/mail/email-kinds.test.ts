import { describe, expect, it } from 'vitest';
import { emailKindName } from './email-kinds';

describe('email kind names (docs/decisions/0212)', () => {
  it('names the kinds the templates queue, and puts another stored kind into words', () => {
    expect(emailKindName('order_confirmation')).toBe('Order confirmation');
    expect(emailKindName('stock_arrival')).toBe('Stock arrived (notify me)');
    expect(emailKindName('password_reset')).toBe('Password reset');
    expect(emailKindName('toString')).toBe('ToString');
    expect(emailKindName('__')).toBe('Email');
  });
});
