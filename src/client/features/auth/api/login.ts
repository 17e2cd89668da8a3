import type { CurrentUser, LoginBody } from '@common/contracts/auth';
import { api } from '@client/lib/api-client';
import { loadAuthContracts } from './auth-contracts';

/**
 * POST /api/login. The sign-in screen has no query cache (ADR 0151), so this is a plain
 * call; the portal receives the user through lib/session-hand-over.
 */
export async function login(body: LoginBody): Promise<CurrentUser> {
  const [answer, { currentUser }] = await Promise.all([api.post<unknown>('/api/login', body), loadAuthContracts()]);
  return currentUser.parse(answer);
}
