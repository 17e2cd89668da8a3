const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const DIGITS = '23456789';
const ALL = UPPER + LOWER + DIGITS;

/**
 * A temporary password for a new account: 12 characters without look-alikes (0/O, 1/l),
 * always with a capital letter and a digit, so it meets the password rules and reads out clearly.
 */
export function generatePassword(length = 12): string {
  const random = new Uint32Array(length);
  crypto.getRandomValues(random);
  const pick = (set: string, n: number) => set[n % set.length]!;
  const chars = Array.from(random, (n, i) => (i === 0 ? pick(UPPER, n) : i === 1 ? pick(DIGITS, n) : pick(ALL, n)));
  // Keep the capital first (easier to read aloud); shuffle the rest.
  const rest = chars.slice(1);
  for (let i = rest.length - 1; i > 0; i -= 1) {
    const j = random[i]! % (i + 1);
    [rest[i], rest[j]] = [rest[j]!, rest[i]!];
  }
  return [chars[0], ...rest].join('');
}
