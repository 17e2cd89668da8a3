import type { CurrentUser } from '@common/contracts/auth';
import { api, isApiError } from '@client/lib/api-client';
import { loadAuthContracts } from './auth-contracts';

/**
 * GET /api/user. Spec §8: a 401 means "no user", not an error. The contract loads only
 * for a signed-in answer: an anonymous visit to /auth never downloads it (ADR 0151).
 * Without the query cache, so the sign-in screen can use it too.
 */
export async function getUser(): Promise<CurrentUser | null> {
  let body: unknown;
  try {
    body = await api.get<unknown>('/api/user');
  } catch (error) {
    if (isApiError(error) && error.status === 401) return null;
    throw error;
  }
  const { currentUser } = await loadAuthContracts();
  return currentUser.parse(body);
}
