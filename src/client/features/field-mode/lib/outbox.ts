import type { QueryClient } from '@tanstack/react-query';
import type { CartView } from '@common/contracts/carts';
import type { PlaceOrderBody } from '@common/contracts/orders';
import { IDEMPOTENCY_HEADER } from '@common/domain/http-headers';
import { cartsQueryKey, getCarts } from '@client/api/get-carts';
import { isOrdersQuery } from '@client/api/get-orders';
import { api, dataOf, isApiError } from '@client/lib/api-client';
import { newIdempotencyKey } from '@client/lib/idempotency-key';
import { deviceDb, readKv, writeKv, type OutboxOp, type SentOrder } from './device-db';
import { isNetworkFailure, setFieldStatus } from './field-status';

/**
 * The writes a rep makes in field mode (docs/decisions/0228): each is queued on the device with its
 * own Idempotency-Key, then sent in order, now if the network is there, else when it returns or the
 * portal opens (no Background Sync: Safari and Firefox have none). A write the server refuses is kept
 * for review, never dropped; an order carries the same key and the same body on every attempt, so
 * the server places it once however often it is sent.
 */

const SENT_KEY = 'sent-orders';
export const HELD_MESSAGE = 'Not sent yet: review the lines above first.';

export async function outboxOps(userId: number): Promise<OutboxOp[]> {
  return (await deviceDb().outbox.orderBy('seq').toArray()).filter((op) => op.userId === userId);
}

export async function sentOrders(): Promise<SentOrder[]> {
  return (await readKv<SentOrder[]>(SENT_KEY)) ?? [];
}

async function refreshCounts(userId: number): Promise<void> {
  const ops = await outboxOps(userId);
  setFieldStatus({ waiting: ops.filter((o) => o.status === 'waiting').length, toReview: ops.filter((o) => o.status === 'review').length });
}

type NewOp = Omit<OutboxOp, 'seq' | 'key' | 'status' | 'createdAt' | 'userId'>;

export async function enqueue(userId: number, op: NewOp): Promise<void> {
  await deviceDb().outbox.add({ ...op, userId, key: newIdempotencyKey(`field-${op.kind}`), status: 'waiting', createdAt: Date.now() });
  await refreshCounts(userId);
}

/** Review: drop a refused write knowingly. */
export async function dismiss(userId: number, seq: number): Promise<void> {
  await deviceDb().outbox.delete(seq);
  await refreshCounts(userId);
}

/** Review: send a refused write again (with a date changed, for an order), under a new key: the refused attempt created nothing. */
export async function retry(userId: number, seq: number, change: Partial<Pick<OutboxOp, 'quantity' | 'requestedDate'>> = {}): Promise<void> {
  const op = await deviceDb().outbox.get(seq);
  if (!op) return;
  await deviceDb().outbox.put({ ...op, ...change, status: 'waiting', message: undefined, body: undefined, key: newIdempotencyKey(`field-${op.kind}`) });
  await refreshCounts(userId);
}

/** The order body from the sample order as the server holds it now (the lines replayed before it). */
function orderBody(cart: CartView, op: OutboxOp): PlaceOrderBody {
  const merchandise = (list: CartView['displays']) => list.map((m) => ({ code: m.code, quantity: m.quantity }));
  return {
    cartId: cart.id,
    items: cart.items.map((i) => ({ productId: i.productId, quantity: i.quantity })),
    displays: merchandise(cart.displays),
    labels: merchandise(cart.labels),
    priceLists: merchandise(cart.priceLists),
    handboards: merchandise(cart.handboards),
    deliveryType: 'pickup',
    requestedDate: op.requestedDate ?? null,
    notes: op.notes ?? null,
  };
}

/** Sends one write; answers false when it changed nothing because there was nothing to change. */
async function send(op: OutboxOp, cart: CartView): Promise<void> {
  const headers = { [IDEMPOTENCY_HEADER]: op.key };
  const id = cart.id;
  const line = cart.items.find((i) => i.productId === op.productId);
  switch (op.kind) {
    case 'add':
      await dataOf(api.POST('/api/carts/{id}/items', { params: { path: { id } }, body: { productId: op.productId!, quantity: op.quantity! }, headers }));
      return;
    case 'set':
      if (line) await dataOf(api.PATCH('/api/carts/{id}/items/{itemId}', { params: { path: { id, itemId: line.id } }, body: { quantity: op.quantity! }, headers }));
      else await dataOf(api.POST('/api/carts/{id}/items', { params: { path: { id } }, body: { productId: op.productId!, quantity: op.quantity! }, headers }));
      return;
    case 'remove':
      if (line) await dataOf(api.DELETE('/api/carts/{id}/items/{itemId}', { params: { path: { id, itemId: line.id } } }));
      return;
    case 'merch':
      if (op.delta !== undefined) {
        await dataOf(api.POST('/api/carts/{id}/merchandise/adjust', { params: { path: { id } }, body: { type: op.merchType!, codes: op.codes!, delta: op.delta }, headers }));
      } else {
        const path = { id, type: op.merchType!, code: op.codes![0]! };
        await dataOf(api.PUT('/api/carts/{id}/merchandise/{type}/{code}', { params: { path }, body: { quantity: op.quantity! }, headers }));
      }
      return;
    case 'place': {
      let body = op.body as PlaceOrderBody | undefined;
      if (!body) {
        body = orderBody(cart, op);
        // Kept before the first attempt: a replay after a lost answer sends exactly this again.
        await deviceDb().outbox.update(op.seq!, { body });
      }
      const order = await dataOf(api.POST('/api/orders', { body, headers }));
      const sent = await sentOrders();
      if (!sent.some((o) => o.id === order.id)) await writeKv(SENT_KEY, [...sent, { id: order.id, name: order.cartName, at: Date.now() }].slice(-20));
      return;
    }
  }
}

/** A refusal the rep must see (the product is gone, stock is short, a closed day), not a reason to wait. */
function isRefusal(error: unknown): boolean {
  if (!isApiError(error)) return false;
  if (error.status === 401 || error.status === 408 || error.status === 429 || error.status >= 500) return false;
  // The same key still being answered (another tab sending it): wait for it.
  return !(error.status === 409 && error.serverMessage?.startsWith('A request with this Idempotency-Key'));
}

async function replayOnce(userId: number, client: QueryClient): Promise<void> {
  const ops = await outboxOps(userId);
  if (!ops.some((o) => o.status === 'waiting')) return;
  let changed = false;
  try {
    let carts = await getCarts();
    for (const op of ops) {
      if (op.status !== 'waiting') continue;
      if (op.kind === 'place' && ops.some((o) => o.seq! < op.seq! && o.status === 'review')) {
        if (op.message !== HELD_MESSAGE) await deviceDb().outbox.update(op.seq!, { message: HELD_MESSAGE });
        continue;
      }
      const cart = carts.find((c) => c.isActive);
      try {
        if (!cart) throw new TypeError('No active sample order yet');
        await send(op, cart);
        await deviceDb().outbox.delete(op.seq!);
      } catch (error) {
        if (!isRefusal(error)) throw error;
        op.status = 'review';
        const message = isApiError(error) ? (error.serverMessage ?? error.message) : String(error);
        await deviceDb().outbox.update(op.seq!, { status: 'review', message });
      }
      changed = true;
      carts = await getCarts();
    }
  } catch (error) {
    if (isNetworkFailure(error)) setFieldStatus({ offline: true });
    else if (!isApiError(error)) throw error;
    // Anything else (offline, the server busy, the session ended) waits for the next chance.
  } finally {
    await refreshCounts(userId);
    await client.invalidateQueries({ queryKey: ['field-outbox'] });
    if (changed) {
      await client.invalidateQueries({ queryKey: cartsQueryKey });
      await client.invalidateQueries({ predicate: (q) => isOrdersQuery(q.queryKey) });
    }
  }
}

let running: Promise<void> | undefined;
let again = false;

/**
 * Sends the waiting writes in order, one replay at a time in this tab and, where the browser has Web
 * Locks, across tabs. Asked while one runs, it runs once more after it.
 */
export function replayOutbox(userId: number, client: QueryClient): Promise<void> {
  if (running) {
    again = true;
    return running;
  }
  const run = async () => {
    do {
      again = false;
      const locks = globalThis.navigator?.locks;
      if (locks) await locks.request('bold-field-outbox', () => replayOnce(userId, client));
      else await replayOnce(userId, client);
    } while (again);
  };
  running = run().finally(() => {
    running = undefined;
  });
  return running;
}

export { refreshCounts as refreshOutboxCounts };
