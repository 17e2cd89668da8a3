import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, dataOf } from '@client/lib/api-client';
import { announcementsQueryKey } from './get-announcements';

export async function deleteAnnouncement(id: number): Promise<void> {
  await dataOf(api.DELETE('/api/announcements/{id}', { params: { path: { id } } }));
}

export function useDeleteAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['delete-announcement'],
    mutationFn: deleteAnnouncement,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: announcementsQueryKey }),
  });
}
