import type { z } from 'zod';
import type { CartView } from '@common/contracts/carts';
import type { cartLotLine } from '@common/contracts/lots';
import { formatCount } from '@common/domain/format';
import { isApiError } from '@client/lib/api-client';

export type CartLotLine = z.output<typeof cartLotLine>;

/** A line Place Order refused (409): the server's sentence and the quantity it was refused at. */
export interface LineRefusal {
  message: string;
  quantity: number;
}

/** A product line that keeps Place Order disabled, and the short reason the button's note gives. */
export interface BlockingLine {
  productId: number;
  name: string;
  reason: string;
}

/** The id of a line's conflict box: the note beside Place Order links there (docs/decisions/0209). */
export const lotConflictId = (productId: number) => `lot-conflict-${productId}`;

/** Whether the lots answer is about the quantity on screen (an optimistic change is still being re-read). */
export const isCurrent = (line: CartLotLine, quantity: number) => line.quantity === quantity;

/**
 * The lines of a 409 from Place Order that name them (`errors[].path` "items.<productId>": the lots
 * could not fill them, or their stock fell), by product; null for any other failure.
 */
export function lineRefusalsOf(error: unknown, cart: CartView): Map<number, LineRefusal> | null {
  if (!isApiError(error) || error.status !== 409) return null;
  const refusals = new Map<number, LineRefusal>();
  for (const field of error.fieldErrors) {
    const productId = Number(/^items\.(\d+)$/.exec(field.path)?.[1]);
    const item = cart.items.find((i) => i.productId === productId);
    if (item) refusals.set(productId, { message: field.message, quantity: item.quantity });
  }
  return refusals.size > 0 ? refusals : null;
}

function shortReason(line: CartLotLine | undefined): string {
  if (line?.conflict === 'no_single_lot') return `no single lot has ${formatCount(line.quantity)} boxes`;
  if (line?.conflict === 'not_enough') return `only ${formatCount(line.totalBoxes)} boxes left in all lots`;
  return 'not enough stock when you placed the order';
}

/**
 * The lines Place Order waits for (docs/decisions/0209): a line whose lots cannot fill it as it is
 * set (the lots answer, read again after a refusal, is the truth for a SKU with lots), and a line
 * of a SKU without lots the server refused at the quantity it still has.
 */
export function blockingLines(cart: CartView, lotLines: readonly CartLotLine[] | undefined, refusals: ReadonlyMap<number, LineRefusal>): BlockingLine[] {
  return cart.items.flatMap((item) => {
    const line = lotLines?.find((l) => l.productId === item.productId);
    const blocked = line ? isCurrent(line, item.quantity) && line.conflict !== null : refusals.get(item.productId)?.quantity === item.quantity;
    return blocked ? [{ productId: item.productId, name: item.product.name, reason: shortReason(line) }] : [];
  });
}

/** Brings a blocking line into view and puts the focus on its first fix button (or the box itself). */
export function showLotConflict(productId: number): void {
  const box = document.getElementById(lotConflictId(productId));
  if (!box) return;
  box.scrollIntoView({ block: 'center', behavior: window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth' });
  (box.querySelector<HTMLElement>('button') ?? box).focus({ preventScroll: true });
}
