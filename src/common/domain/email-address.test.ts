import { describe, expect, it } from 'vitest';
import { isEmailAddress } from './email-address';

describe('email addresses (RFC 6531 and IDNA, ADR 0182 notes)', () => {
  it('accepts international domains and local parts', () => {
    for (const address of [
      'zoe@fliesen-müller.example',
      'zoë.müller@example.com',
      '用户@例子.广告',
      'иван@пример.рф',
      'ok+tag@sub.example.co.uk',
      "o'brien@example.ie",
      'a@xn--fliesen-mller-7ob.example',
      '1@example.museum',
    ]) {
      expect(isEmailAddress(address), address).toBe(true);
    }
  });

  it('keeps rejecting garbage', () => {
    for (const address of [
      '',
      'plain',
      '@example.com',
      'zoe@',
      'zoe@@example.com',
      'zoe@example',
      'zoe @example.com',
      'zoe@exa mple.com',
      '"zoe"@example.com',
      'zoe.@example.com',
      '.zoe@example.com',
      'zo..e@example.com',
      'zoe@-example.com',
      'zoe@example-.com',
      'zoe@example..com',
      'zoe@example.com.',
      'zoe@example.123',
      'zoe@[192.0.2.1]',
      'zoe<script>@example.com',
      `${'a'.repeat(65)}@example.com`,
      `a@${'b'.repeat(64)}.com`,
      `a@${'b.'.repeat(130)}com`,
    ]) {
      expect(isEmailAddress(address), address).toBe(false);
    }
  });
});
