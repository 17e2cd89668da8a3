import type { CartProduct } from '@common/contracts/carts';
import type { MerchandiseType } from '@common/domain/cart-rules';

/** A merchandise quantity change made with no network: `delta` (+1 / -1, all codes) or `quantity` (a typed number, one code). */
export interface OfflineMerchandiseWrite {
  type: MerchandiseType;
  codes: string[];
  /** What the rep sees in the review list ("Display DS-01"). */
  label: string;
  delta?: number;
  quantity?: number;
}

type Writer = (write: OfflineMerchandiseWrite) => Promise<void>;
let writer: Writer | undefined;

/** Field mode (docs/decisions/0234) queues a rep's merchandise changes on the device; undefined sends them as before. */
export function setOfflineMerchandiseWriter(next: Writer | undefined): void {
  writer = next;
}

const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/** Queued on the device when field mode runs and the browser is offline; false: send it now. */
export async function queuedOffline(write: OfflineMerchandiseWrite): Promise<boolean> {
  if (!writer || !isOffline()) return false;
  await writer(write);
  return true;
}

/**
 * A product line of the rep's sample order changed on /cart (docs/decisions/0239): a quantity typed or
 * stepped (`set`), a removal, or an add (Undo). Lines are named by product, not by the cart line's id:
 * a line added on the device has no id on the server yet.
 */
export interface OfflineLineWrite {
  kind: 'add' | 'set' | 'remove';
  productId: number;
  quantity?: number;
  /** What the line shows until the server has it. */
  product?: CartProduct;
}

type LineWriter = (write: OfflineLineWrite) => Promise<void>;
let lineWriter: LineWriter | undefined;

/** Field mode queues a rep's cart line changes in its outbox; undefined (everyone else) sends them as before. */
export function setOfflineLineWriter(next: LineWriter | undefined): void {
  lineWriter = next;
}

/** Whether cart line writes can wait on this device (field mode runs): their mutations then run offline too. */
export function lineWritesQueue(): boolean {
  return lineWriter !== undefined;
}

/**
 * Sends a cart line write, or queues it on the device (answering null) when field mode runs and: the
 * browser is offline, the line exists only on the device (`deviceOnly`), or the request never reached
 * an answer (the signal dropped while the browser still said online). Only a `set` or a `remove` is
 * queued after such a failure: both may safely be done twice; an add may not.
 */
export async function sendOrQueueLine<T>(write: OfflineLineWrite, send: () => Promise<T>, options: { deviceOnly?: boolean } = {}): Promise<T | null> {
  if (lineWriter && (isOffline() || options.deviceOnly)) {
    await lineWriter(write);
    return null;
  }
  try {
    return await send();
  } catch (error) {
    if (lineWriter && write.kind !== 'add' && error instanceof TypeError) {
      await lineWriter(write);
      return null;
    }
    throw error;
  }
}
