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

/** Queued on the device when field mode runs and the browser is offline; false: send it now. */
export async function queuedOffline(write: OfflineMerchandiseWrite): Promise<boolean> {
  if (!writer || typeof navigator === 'undefined' || navigator.onLine !== false) return false;
  await writer(write);
  return true;
}
