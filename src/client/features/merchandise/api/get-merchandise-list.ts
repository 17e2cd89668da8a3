import { queryOptions, useQuery } from '@tanstack/react-query';
import { MERCHANDISE_PATHS, type MerchandiseItem } from '@common/contracts/merchandise';
import type { MerchandiseType } from '@common/domain/cart-rules';
import { api, dataOf } from '@client/lib/api-client';

/** GET /api/merchandise/{displays|handboards|labels|pricelists}; the key is the path. */
export const merchandiseListQueryKey = (type: MerchandiseType) => [`/api/merchandise/${MERCHANDISE_PATHS[type]}`] as const;

export async function getMerchandiseList(type: MerchandiseType): Promise<MerchandiseItem[]> {
  return dataOf(api.GET(`/api/merchandise/${MERCHANDISE_PATHS[type]}`));
}

export const merchandiseListQueryOptions = (type: MerchandiseType) =>
  queryOptions({ queryKey: merchandiseListQueryKey(type), queryFn: () => getMerchandiseList(type), staleTime: 5 * 60 * 1000 });

export function useMerchandiseList(type: MerchandiseType) {
  return useQuery(merchandiseListQueryOptions(type));
}
