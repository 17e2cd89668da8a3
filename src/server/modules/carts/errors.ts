import { CART_MESSAGES, lineQuantityProblem, merchandiseList, type MerchandiseType } from '@common/domain/cart-rules';
import { backorderLineProblem } from '@common/domain/backorders';
import { COMPANY_PO_MESSAGES } from '@common/domain/company-orders';
import { HttpError } from '../../lib/http-error';
import { isForeignKeyViolation } from '../../lib/pg-errors';

/** Another user's cart answers 404 like a missing one: never their data. */
export const cartNotFound = () => new HttpError(404, CART_MESSAGES.cartNotFound);
export const itemNotFound = () => new HttpError(404, CART_MESSAGES.itemNotFound);
/** A PO submitted for approval is locked until the company admin approves or returns it (docs/decisions/0233). */
export const poLocked = () => new HttpError(409, COMPANY_PO_MESSAGES.locked);
export const productNotFound = () => new HttpError(404, CART_MESSAGES.productNotFound);

/**
 * An add that would take the line past what may be ordered: the rule's own sentence, then
 * what the cart already holds. Every add path (add, quick add) says it this way.
 */
export function pastTheStock(product: { name: string; stockLevel: string | null }, inCart: number, adding: number, room = 0): HttpError {
  // With incoming loads' room, the backorder's cap (docs/decisions/0238).
  const rule = (room > 0 ? backorderLineProblem(product, inCart + adding, room) : lineQuantityProblem(product, inCart + adding)) ?? CART_MESSAGES.quantityMax;
  return new HttpError(400, `${rule}. You already have ${inCart} in your cart.`);
}

/** An admin deactivated the item (docs/decisions/0131): the cart refuses it and says why. */
export function noLongerAvailable(type: MerchandiseType, code: string): string {
  return `${merchandiseList(type).singular} ${code} is no longer available`;
}

/** A cart deleted in another tab turns a foreign-key failure into the cart's 404. */
export async function cartWrite<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isForeignKeyViolation(error)) throw cartNotFound();
    throw error;
  }
}
