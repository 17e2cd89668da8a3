import type { z } from 'zod';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { apiTokenList, CreateApiTokenBody, createdApiToken, CreatedApiToken } from '@common/contracts/integrations';
import { api } from '@client/lib/api-client';

export const apiTokensQueryKey = ['/api/admin/api-tokens'] as const;

export const apiTokensQueryOptions = () =>
  queryOptions({ queryKey: apiTokensQueryKey, queryFn: async () => (await api.get<z.output<typeof apiTokenList>>('/api/admin/api-tokens')).tokens });

export function useApiTokens() {
  return useQuery(apiTokensQueryOptions());
}

export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['create-api-token'],
    mutationFn: async (body: CreateApiTokenBody): Promise<CreatedApiToken> => await api.post<z.output<typeof createdApiToken>>('/api/admin/api-tokens', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokensQueryKey }),
  });
}

export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['revoke-api-token'],
    mutationFn: async (id: number) => {
      await api.delete(`/api/admin/api-tokens/${id}`);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiTokensQueryKey }),
  });
}
