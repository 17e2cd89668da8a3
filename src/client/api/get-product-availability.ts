import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AvailabilityResponse } from '@common/contracts/lots';
import { api, dataOf } from '@client/lib/api-client';

/** GET /api/products/{id}/availability: a SKU's lots, incoming loads and next arrival. Used by catalogue and cart. */
export const availabilityQueryKey = (productId: number) => [`/api/products/${productId}/availability`] as const;

type DeviceAvailability = (productId: number) => Promise<AvailabilityResponse | undefined>;
let fromDevice: DeviceAvailability | undefined;

/** Field mode (docs/decisions/0234): with no network, a rep's lots and loads come from the copy on the device. */
export function setDeviceAvailability(next: DeviceAvailability | undefined): void {
  fromDevice = next;
}

async function getAvailability(productId: number): Promise<AvailabilityResponse> {
  try {
    return await dataOf(api.GET('/api/products/{id}/availability', { params: { path: { id: productId } } }));
  } catch (error) {
    // A fetch that failed before any answer (offline): the device's copy, when there is one.
    const kept = error instanceof TypeError && fromDevice ? await fromDevice(productId).catch(() => undefined) : undefined;
    if (kept) return kept;
    throw error;
  }
}

export const availabilityQueryOptions = (productId: number) =>
  queryOptions({
    queryKey: availabilityQueryKey(productId),
    queryFn: () => getAvailability(productId),
    staleTime: 30_000,
    // Offline the call still runs once, so field mode can answer from the device.
    networkMode: 'offlineFirst',
  });

export function useProductAvailability(productId: number, enabled = true) {
  return useQuery({ ...availabilityQueryOptions(productId), enabled });
}

/** PUT/DELETE /api/products/{id}/notify: "Notify me" when an out-of-stock SKU arrives. */
export function useStockNotice(productId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (on: boolean) =>
      on
        ? dataOf(api.PUT('/api/products/{id}/notify', { params: { path: { id: productId } } }))
        : dataOf(api.DELETE('/api/products/{id}/notify', { params: { path: { id: productId } } })),
    onSettled: () => client.invalidateQueries({ queryKey: availabilityQueryKey(productId) }),
  });
}
