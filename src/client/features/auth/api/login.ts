import type { CurrentUser, LoginBody } from '@common/contracts/auth';
import { api, dataOf } from '@client/lib/api-client';

/**
 * POST /api/login. The sign-in screen has no query cache (ADR 0151), so this is a plain
 * call; the portal receives the user through lib/session-hand-over.
 */
export async function login(body: LoginBody): Promise<CurrentUser> {
  return dataOf(api.POST('/api/login', { body }));
}
