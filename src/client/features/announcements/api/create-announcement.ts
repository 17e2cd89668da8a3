import type { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { announcementView, AnnouncementView, CreateAnnouncementBody } from '@common/contracts/announcements';
import { api } from '@client/lib/api-client';
import { announcementsQueryKey } from './get-announcements';

export async function createAnnouncement(body: CreateAnnouncementBody): Promise<AnnouncementView> {
  return await api.post<z.output<typeof announcementView>>('/api/announcements', body);
}

export function useCreateAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['create-announcement'],
    mutationFn: createAnnouncement,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: announcementsQueryKey }),
  });
}
