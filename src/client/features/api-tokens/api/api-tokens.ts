import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateApiTokenBody, CreatedApiToken } from '@common/contracts/integrations';
import { api, dataOf } from '@client/lib/api-client';

export const apiTokensQueryKey = ['/api/admin/api-tokens'] as const;

export const apiTokensQueryOptions = () =>
  queryOptions({ queryKey: apiTokensQueryKey, queryFn: async () => (await dataOf(api.GET('/api/admin/api-tokens'))).tokens });

export function useApiTokens() {
  return useQuery(apiTokensQueryOptions());
}

export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['create-api-token'],
    mutationFn: async (body: CreateApiTokenBody): Promise<CreatedApiToken> => await dataOf(api.POST('/api/admin/api-tokens', { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokensQueryKey }),
  });
}

export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['revoke-api-token'],
    mutationFn: async (id: number) => {
      await dataOf(api.DELETE('/api/admin/api-tokens/{id}', { params: { path: { id } } }));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiTokensQueryKey }),
  });
}
