import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, ResolverOptions } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { passwordChangeForm } from '@common/contracts/auth';
import { createUserBody } from '@common/contracts/users';

/** What react-hook-form hands a resolver (no native validation, first error per field). */
const options = <T extends FieldValues>() => ({ fields: {}, shouldUseNativeValidation: false }) as ResolverOptions<T>;

/** The forms' resolver takes the zod/mini contracts as they are (ADR 0175). */
describe('zodResolver with the contracts', () => {
  it("answers each field with the contract's own message", async () => {
    const result = await zodResolver(passwordChangeForm)({ currentPassword: 'Secret1', newPassword: 'short', confirmPassword: 'other' }, undefined, options());
    expect(result.errors.newPassword?.message).toBe('Password must be at least 6 characters');
    expect(result.errors.confirmPassword?.message).toBe("Passwords don't match");
  });

  it('hands the submit handler the parsed output: trimmed, defaulted, blanks as null', async () => {
    const result = await zodResolver(createUserBody)(
      { username: ' new.user ', password: 'Secret1', firstName: ' Ann ', email: '' } as never,
      undefined,
      options(),
    );
    expect(result.errors).toEqual({});
    expect(result.values).toMatchObject({ username: 'new.user', role: 'salesperson', firstName: 'Ann', email: null });
  });
});
