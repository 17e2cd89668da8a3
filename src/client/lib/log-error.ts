import { isApiError } from './api-client';

/**
 * Errors are logged. Expected refusals (4xx: wrong password, throttled,
 * validation) are logged quietly so they do not read as application faults in the
 * console; server faults and network failures are logged as errors.
 */
export function logError(error: unknown, context?: string): void {
  const label = context ? `[${context}]` : '[api]';
  if (isApiError(error) && error.status < 500) {
    console.info(label, error.message);
    return;
  }
  console.error(label, error);
}
