import type { CurrentUser } from '@common/contracts/auth';
import { api, dataOf } from '@client/lib/api-client';

/**
 * Who is signed in, or null: GET /api/session, which answers 200 `{ user: null }` for no one, so a
 * signed-out page logs no 401 in the console (docs/decisions/0212; the GET /api/user still
 * answers 401). Typed by its contract, which the server checked (ADR 0154): the sign-in screen
 * downloads no zod for it (ADR 0151). Without the query cache, so the sign-in screen can use it too.
 */
export async function getUser(): Promise<CurrentUser | null> {
  return (await dataOf(api.GET('/api/session'))).user;
}
