import { describe, expect, it } from 'vitest';
import { newPasswordSchema, PASSWORD_MESSAGES } from './password-rules';

const problems = (value: unknown, tooShort?: string) => {
  const result = newPasswordSchema(tooShort).safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => i.message);
};

describe('a new password', () => {
  it('takes six characters with a capital letter', () => {
    expect(problems('Abcdef')).toEqual([]);
    expect(problems('ABCDEF')).toEqual([]);
  });

  it('needs a capital letter', () => {
    expect(problems('abcdef')).toEqual([PASSWORD_MESSAGES.needsCapital]);
    expect(problems('abc123!')).toEqual([PASSWORD_MESSAGES.needsCapital]);
  });

  it('needs six characters, with the message of the screen it is on', () => {
    expect(problems('Abcde')).toEqual([PASSWORD_MESSAGES.tooShort]);
    expect(problems('Abcde', PASSWORD_MESSAGES.tooShortOnReset)).toEqual(['New password must be at least 6 characters long']);
    expect(problems(undefined)).toEqual([PASSWORD_MESSAGES.tooShort]);
    expect(problems(42, PASSWORD_MESSAGES.tooShortOnReset)).toEqual([PASSWORD_MESSAGES.tooShortOnReset]);
  });

  it('stops at 200 characters', () => {
    expect(problems(`A${'b'.repeat(199)}`)).toEqual([]);
    expect(problems(`A${'b'.repeat(200)}`)).toEqual(['Password must be at most 200 characters']);
  });
});
