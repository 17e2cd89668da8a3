/**
 * Whether a value from outside the types (a select's value, a URL parameter, a stored cell) is one
 * of a domain list, narrowing it without a cast (no casts on domain values).
 */
export function isOneOf<T>(values: readonly T[], value: unknown): value is T {
  return (values as readonly unknown[]).includes(value);
}
