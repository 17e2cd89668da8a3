import type { ClientActivityBody } from '@common/contracts/activity';
import { api, dataOf } from '@client/lib/api-client';

/** POST /api/activity: a page view or UI event. Fire and forget; a lost one is not worth an error. */
export async function recordActivity(body: ClientActivityBody): Promise<void> {
  try {
    await dataOf(api.POST('/api/activity', { body }));
  } catch {
    // The session may have ended or the network dropped; activity is best effort.
  }
}
