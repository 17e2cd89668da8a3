import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AnnouncementView, CreateAnnouncementBody } from '@common/contracts/announcements';
import { api, dataOf } from '@client/lib/api-client';
import { announcementsQueryKey } from './get-announcements';

export async function createAnnouncement(body: CreateAnnouncementBody): Promise<AnnouncementView> {
  return await dataOf(api.POST('/api/announcements', { body }));
}

export function useCreateAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['create-announcement'],
    mutationFn: createAnnouncement,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: announcementsQueryKey }),
  });
}
