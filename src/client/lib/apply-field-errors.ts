import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from '@client/lib/api-client';

/**
 * Puts the server's per-field messages (docs/architecture.md: errors[{ path, message }]) under
 * the matching inputs, so a rule the server checks reads the same as one the form checks.
 * Returns whether any message found its field.
 */
export function applyFieldErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
): boolean {
  if (!isApiError(error)) return false;
  let placed = false;
  for (const fieldError of error.fieldErrors) {
    const field = fields.find((f) => f === fieldError.path);
    if (field) {
      setError(field, { type: 'server', message: fieldError.message });
      placed = true;
    }
  }
  return placed;
}
