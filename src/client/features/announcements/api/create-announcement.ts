import { useMutation, useQueryClient } from '@tanstack/react-query';
import { announcementView, type AnnouncementView, type CreateAnnouncementBody } from '@common/contracts/announcements';
import { api } from '@client/lib/api-client';
import { announcementsQueryKey } from './get-announcements';

export async function createAnnouncement(body: CreateAnnouncementBody): Promise<AnnouncementView> {
  return announcementView.parse(await api.post<unknown>('/api/announcements', body));
}

export function useCreateAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['create-announcement'],
    mutationFn: createAnnouncement,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: announcementsQueryKey }),
  });
}
