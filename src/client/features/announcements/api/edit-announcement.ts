import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AnnouncementContentBody, AnnouncementView } from '@common/contracts/announcements';
import { api, dataOf } from '@client/lib/api-client';
import { announcementsQueryKey } from './get-announcements';

/** PUT /api/announcements/{id}: a new title and message (docs/decisions/0135). */
export async function editAnnouncement({ id, body }: { id: number; body: AnnouncementContentBody }): Promise<AnnouncementView> {
  return await dataOf(api.PUT('/api/announcements/{id}', { params: { path: { id } }, body }));
}

export function useEditAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['edit-announcement'],
    mutationFn: editAnnouncement,
    onSuccess: (saved) =>
      queryClient.setQueryData<AnnouncementView[]>(announcementsQueryKey, (list) => list?.map((a) => (a.id === saved.id ? saved : a))),
    onSettled: () => queryClient.invalidateQueries({ queryKey: announcementsQueryKey }),
  });
}
