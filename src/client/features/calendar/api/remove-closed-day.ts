import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@client/lib/api-client';
import { closedDaysQueryKey } from './get-closed-days';

export async function removeClosedDay(day: string): Promise<void> {
  await api.delete(`/api/closed-days/${encodeURIComponent(day)}`);
}

export function useRemoveClosedDay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['remove-closed-day'],
    mutationFn: removeClosedDay,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: closedDaysQueryKey }),
  });
}
