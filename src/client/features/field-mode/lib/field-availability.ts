import type { AllAvailabilityResponse, AvailabilityResponse } from '@common/contracts/lots';
import { AVAILABILITY_LIST_LIMIT } from '@common/domain/lot-limits';
import { api } from '@client/lib/api-client';
import { readKv, writeKv } from './device-db';

/**
 * Lots and incoming loads on the rep's device (docs/decisions/0234): part of the catalogue a rep
 * needs offline. The whole list is asked for on each sync with `no-cache`: the browser sends its
 * ETag and an unchanged list costs a 304; it is written to IndexedDB only when its ETag moved.
 */
const AVAILABILITY_KEY = 'availability';

interface StoredAvailability {
  userId: number;
  etag: string | null;
  data: AllAvailabilityResponse;
}

let grouped: { userId: number; bySku: Map<number, AvailabilityResponse> } | undefined;

export async function syncAvailability(userId: number, cancelled: () => boolean = () => false): Promise<void> {
  const { data, response } = await api.GET('/api/products/availability', { cache: 'no-cache' });
  if (!data || cancelled()) return;
  const etag = response.headers.get('etag');
  const stored = await readKv<StoredAvailability>(AVAILABILITY_KEY);
  if (cancelled() || (stored?.userId === userId && etag !== null && stored.etag === etag)) return;
  await writeKv(AVAILABILITY_KEY, { userId, etag, data } satisfies StoredAvailability);
  grouped = undefined;
}

function group(lots: AllAvailabilityResponse['lots'], loads: AllAvailabilityResponse['incoming'], productId: number): AvailabilityResponse {
  const largest = lots[0] ?? null;
  const shownLoads = loads.slice(0, AVAILABILITY_LIST_LIMIT);
  return {
    productId,
    onHand: lots.reduce((sum, l) => sum + l.quantity, 0),
    largestLot: largest ? largest.quantity : null,
    largestLotCode: largest ? largest.lot : null,
    lots: lots.slice(0, AVAILABILITY_LIST_LIMIT).map(({ productId: _id, ...lot }) => lot),
    moreLots: Math.max(0, lots.length - AVAILABILITY_LIST_LIMIT),
    incoming: shownLoads.map(({ productId: _id, ...load }) => ({ ...load, reference: null })),
    moreIncoming: Math.max(0, loads.length - AVAILABILITY_LIST_LIMIT),
    nextEta: loads[0]?.eta ?? null,
    // Not kept on the device: "Notify me" needs the network.
    notifyRequested: false,
  };
}

/** Each SKU's availability as GET /api/products/{id}/availability answers it, from the whole lists. */
export function availabilityBySku(data: AllAvailabilityResponse): Map<number, AvailabilityResponse> {
  const lotsBySku = new Map<number, AllAvailabilityResponse['lots']>();
  const loadsBySku = new Map<number, AllAvailabilityResponse['incoming']>();
  for (const lot of data.lots) {
    const list = lotsBySku.get(lot.productId);
    if (list) list.push(lot);
    else lotsBySku.set(lot.productId, [lot]);
  }
  for (const load of data.incoming) {
    const list = loadsBySku.get(load.productId);
    if (list) list.push(load);
    else loadsBySku.set(load.productId, [load]);
  }
  const bySku = new Map<number, AvailabilityResponse>();
  for (const id of new Set([...lotsBySku.keys(), ...loadsBySku.keys()])) bySku.set(id, group(lotsBySku.get(id) ?? [], loadsBySku.get(id) ?? [], id));
  return bySku;
}

/** A SKU's lots and loads from the device's copy (none: an empty answer), or undefined when the device holds no copy. */
export async function deviceAvailability(userId: number, productId: number): Promise<AvailabilityResponse | undefined> {
  if (grouped?.userId !== userId) {
    const stored = await readKv<StoredAvailability>(AVAILABILITY_KEY);
    if (stored?.userId !== userId) return undefined;
    grouped = { userId, bySku: availabilityBySku(stored.data) };
  }
  return grouped.bySku.get(productId) ?? group([], [], productId);
}
