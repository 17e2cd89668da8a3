import { shipToAddress } from '@common/contracts/ship-to';
import type { OrderKind } from '@common/domain/order-status';
import { formatShipTo, formatStoreAddress, profileShipTo, SHIP_TO_MESSAGES, type ShipToAddress } from '@common/domain/ship-to';
import type { DbOrTx } from '../../db/client';
import { HttpError } from '../../lib/http-error';
import * as repo from './repository';

export interface OrderShipTo {
  /** The address as text (email, export, a dealer's typed address). */
  shipTo: string | null;
  /** The address in parts, copied onto the order (docs/decisions/0210). */
  shipToAddress: ShipToAddress | null;
}

const NONE: OrderShipTo = { shipTo: null, shipToAddress: null };
const inParts = (address: ShipToAddress): OrderShipTo => ({ shipTo: formatShipTo(address), shipToAddress: address });

/**
 * Where a shipped order goes, read in the order's transaction. Pickup: nowhere. An address sent in
 * parts (already checked by the contract) is taken as it is. A sample order otherwise ships to the
 * rep's store from the profile, which must then be complete: a 400 naming each missing part, and
 * nothing is placed (docs/decisions/0210). A dealer's PO keeps ADR 0192: the text typed, else the
 * store's address as far as the profile has it.
 */
export async function orderShipTo(
  tx: DbOrTx,
  userId: number,
  kind: OrderKind,
  delivery: { deliveryType: string | null; shipTo?: string | null; shipToAddress?: ShipToAddress | null },
): Promise<OrderShipTo> {
  if (delivery.deliveryType !== 'ship') return NONE;
  if (delivery.shipToAddress) return inParts(delivery.shipToAddress);
  const profile = await repo.findStoreProfile(tx, userId);
  if (kind === 'purchase') return { shipTo: delivery.shipTo || (profile ? formatStoreAddress(profile) : null), shipToAddress: null };

  if (delivery.shipTo) throw new HttpError(400, SHIP_TO_MESSAGES.textNotForSamples, [{ path: 'shipTo', message: SHIP_TO_MESSAGES.textNotForSamples }]);
  const fromProfile = shipToAddress.safeParse(profile ? profileShipTo(profile) : {});
  if (!fromProfile.success) {
    const errors = fromProfile.error.issues.map((issue) => ({ path: ['shipToAddress', ...issue.path].join('.'), message: issue.message }));
    throw new HttpError(400, SHIP_TO_MESSAGES.missing, errors);
  }
  return inParts(fromProfile.data);
}
