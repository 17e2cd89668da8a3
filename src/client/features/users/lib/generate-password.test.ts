import { newPasswordSchema } from '@common/domain/password-rules';
import { describe, expect, it } from 'vitest';
import { generatePassword } from './generate-password';

describe('generatePassword', () => {
  it('always meets the new-password rules and differs each time', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i += 1) {
      const password = generatePassword();
      expect(password).toHaveLength(12);
      expect(newPasswordSchema().safeParse(password).success).toBe(true);
      expect(password).toMatch(/\d/);
      expect(password).not.toMatch(/[0O1lI]/);
      seen.add(password);
    }
    expect(seen.size).toBe(200);
  });
});
