import type { CurrentUser } from '@common/contracts/auth';
import { api, isApiError } from '@client/lib/api-client';

/**
 * GET /api/user. Spec §8: a 401 means "no user", not an error. Typed by its contract, which the
 * server checked (ADR 0154): the sign-in screen downloads no zod for it (ADR 0151).
 * Without the query cache, so the sign-in screen can use it too.
 */
export async function getUser(): Promise<CurrentUser | null> {
  try {
    return await api.get<CurrentUser>('/api/user');
  } catch (error) {
    if (isApiError(error) && error.status === 401) return null;
    throw error;
  }
}
