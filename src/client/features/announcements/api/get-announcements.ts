import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AnnouncementView } from '@common/contracts/announcements';
import { api, dataOf } from '@client/lib/api-client';

export const announcementsQueryKey = ['/api/announcements'] as const;

/** Admins get every announcement; salespeople (and admins acting as one) only the active ones. */
export async function getAnnouncements(): Promise<AnnouncementView[]> {
  return dataOf(api.GET('/api/announcements'));
}

export const announcementsQueryOptions = () => queryOptions({ queryKey: announcementsQueryKey, queryFn: getAnnouncements });

export function useAnnouncements(options: { enabled?: boolean } = {}) {
  return useQuery({ ...announcementsQueryOptions(), enabled: options.enabled ?? true });
}
