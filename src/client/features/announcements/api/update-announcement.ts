import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AnnouncementView } from '@common/contracts/announcements';
import { api, dataOf } from '@client/lib/api-client';
import { announcementsQueryKey } from './get-announcements';

/** The Status switch (PATCH isActive); the list shows the new state at once. */
export async function updateAnnouncement({ id, isActive }: { id: number; isActive: boolean }): Promise<AnnouncementView> {
  return await dataOf(api.PATCH('/api/announcements/{id}', { params: { path: { id } }, body: { isActive } }));
}

export function useUpdateAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['update-announcement'],
    mutationFn: updateAnnouncement,
    onMutate: async ({ id, isActive }) => {
      await queryClient.cancelQueries({ queryKey: announcementsQueryKey });
      const previous = queryClient.getQueryData<AnnouncementView[]>(announcementsQueryKey);
      queryClient.setQueryData<AnnouncementView[]>(announcementsQueryKey, (list) => list?.map((a) => (a.id === id ? { ...a, isActive } : a)));
      return { previous };
    },
    onError: (_error, _vars, context) => queryClient.setQueryData(announcementsQueryKey, context?.previous),
    onSettled: () => queryClient.invalidateQueries({ queryKey: announcementsQueryKey }),
  });
}
