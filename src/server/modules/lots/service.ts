import { createHash } from 'node:crypto';
import type { NotifyRequestsQuery } from '@common/contracts/notify-requests';
import {
  NOTIFY_MESSAGES,
  type AllAvailabilityResponse,
  type AvailabilityResponse,
  type CartLotsResponse,
  type IncomingBody,
  type LotsBody,
} from '@common/contracts/lots';
import type { CartBackordersResponse } from '@common/contracts/backorders';
import { incomingRoom, nowPartOf, type BackorderShipping } from '@common/domain/backorders';
import { AVAILABILITY_LIST_LIMIT, CART_LINE_LOTS_LIMIT } from '@common/domain/lot-limits';
import { LOT_MESSAGES } from '@common/domain/lots';
import { parseStockLevel } from '@common/domain/stock-level';
import type { Db, DbOrTx } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { HttpError } from '../../lib/http-error';
import type { ReceivedFile } from '../../lib/upload';
import type { ActivityService } from '../activity';
import type { CartsService } from '../carts';
import type { ImportsService } from '../imports';
import type { MailOutbox } from '../mail';
import type { ProductsService } from '../products';
import type { SettingsService } from '../settings';
import type { EventPublisher } from '../webhooks';
import { allocateOrder, allocationsOf, plannedAllocations, planLines } from './allocation';
import { allocateBackorders, backordersOf, cartBackorderLines, incomingLoadsOf } from './backorders';
import { releaseWaiting, setCartShipping } from './backorder-repository';
import { sendArrivalNotices } from './notify';
import { notifyRequestsPage } from './notify-list';
import { createReplacer, type Kind } from './replace';
import * as repo from './repository';
import * as notifyRepo from './notify-repository';
import { lotSumsOf } from './sync-sums';
import { fillStockArrivals, planStockArrivals, type NewCount } from './stock-arrivals';
import { createLotsUploads } from './uploads';

export type LotsService = ReturnType<typeof createLotsService>;

const PRODUCT_NOT_FOUND = 'Product not found';

const lotView = (l: repo.LotRecord) => ({ lot: l.lot, shade: l.shade, caliber: l.caliber, warehouse: l.warehouse, quantity: l.quantity });
const incomingView = (i: repo.IncomingRecord, internal: boolean) => ({ quantity: i.quantity, eta: i.eta, stage: i.stage, lot: i.lot, reference: internal ? i.reference : null });

/**
 * Shade lots and incoming loads: the uploads and PUTs (replace.ts), what a SKU has
 * (availability), a cart line's one-lot switch, allocation at placement (allocation.ts, called by
 * the orders module in its transaction) and "notify me" (notify.ts).
 */
export function createLotsService(deps: {
  db: Db;
  activity: ActivityService;
  products: Pick<ProductsService, 'summaries' | 'summary' | 'recordChange' | 'changed' | 'stockFacts'>;
  /** The lots and incoming files register as import kinds: their previews, confirms and history (docs/decisions/0220). */
  imports: Pick<ImportsService, 'register'>;
  carts: Pick<CartsService, 'view'>;
  mail: Pick<MailOutbox, 'enqueue'>;
  events: EventPublisher;
  /** Lots and incoming changes stamp the dashboard's "Last Updated" as stock uploads do (docs/decisions/0212). */
  settings: Pick<SettingsService, 'put'>;
  mailFrom: string;
  log?: { error(object: unknown, message: string): void };
}) {
  const { db, products } = deps;

  /** Sends what is due now, after the change committed; a failure waits for the scheduled run. */
  function notifyArrivals(): void {
    sendArrivalNotices({ db, mail: deps.mail, products, from: deps.mailFrom }).catch((error: unknown) => deps.log?.error({ err: error }, 'arrival notices failed'));
  }

  const replacer = createReplacer({
    db,
    activity: deps.activity,
    products,
    events: deps.events,
    settings: deps.settings,
    afterStockChange: notifyArrivals,
    mail: { outbox: deps.mail, from: deps.mailFrom },
  });
  const uploads = createLotsUploads({ db, replacer, products, imports: deps.imports });

  return {
    /** POST /api/stock/{kind}/upload: applied at once, recorded in the upload history (ADR 0196). */
    uploadFile: (actor: Actor, kind: Kind, file: ReceivedFile) => uploads.uploadDirect(actor, kind, file),
    /** The browser's file: previewed and kept; nothing changes until it is confirmed (ADR 0196). */
    previewUpload: (actor: Actor, kind: Kind, file: ReceivedFile) => uploads.preview(actor, kind, file),
    confirmUpload: (actor: Actor, kind: Kind, id: number) => uploads.confirm(actor, kind, id),
    putLots: (actor: Actor, body: LotsBody) => replacer.put(actor, 'lots', body),
    putIncoming: (actor: Actor, body: IncomingBody) => replacer.put(actor, 'incoming', body),
    /**
     * In the caller's transaction: the sums of lots and of loads of the listed SKUs that have any,
     * which the stock import and PATCH /api/stock keep (docs/decisions/0223-stock-as-a-count-and-a-status.md).
     * A sum past what the columns hold is a 409 naming the SKU.
     */
    lotSums: (tx: DbOrTx, productIds: readonly number[]) => lotSumsOf(tx, productIds),

    /** A stock rise's boxes for waiting backorders, read only: the stock upload's preview (docs/decisions/0241). */
    planStockArrivals: async (tx: DbOrTx, counts: readonly NewCount[]) => (await planStockArrivals(tx, counts)).plans,
    /** The same, written in the caller's transaction: promises arrive, loads lose what came, buyers are emailed. */
    fillStockArrivals: (tx: DbOrTx, counts: readonly NewCount[]) => fillStockArrivals(tx, counts, { outbox: deps.mail, from: deps.mailFrom }),

    /**
     * Every SKU's lots and incoming loads, for the copy field mode keeps on a rep's device
     * (docs/decisions/0234), with a weak ETag of its content: an unchanged list costs a 304. No
     * office references (docs/decisions/0204), whoever asks.
     */
    async allAvailability(): Promise<{ body: string; etag: string }> {
      const { lots, incoming } = await repo.allLotsAndLoads(db);
      const view: AllAvailabilityResponse = {
        lots: lots.map((l) => ({ productId: l.productId, ...lotView(l) })),
        incoming: incoming.map((i) => ({ productId: i.productId, quantity: i.quantity, eta: i.eta, stage: i.stage, lot: i.lot })),
      };
      // Serialised once: the ETag is its hash and the route sends it as it is.
      const body = JSON.stringify(view);
      return { body, etag: `W/"availability-${createHash('sha1').update(body).digest('base64url')}"` };
    },

    /**
     * A SKU's lots and loads, bounded (docs/decisions/0204): the 100 largest lots and the 100 soonest
     * loads, with counts of the rest; on hand and the largest lot are of all lots. A load's reference
     * is the office's (a supplier PO, a landed cost): only for `internal` callers (edit_stock, a
     * stock:write token).
     */
    async availability(actor: Actor, productId: number, options: { internal: boolean }): Promise<AvailabilityResponse> {
      const product = await products.summary(productId);
      if (!product) throw new HttpError(404, PRODUCT_NOT_FOUND);
      const [lots, loads, notifyRequested] = await Promise.all([
        repo.lotsOfSku(db, productId, AVAILABILITY_LIST_LIMIT),
        repo.incomingOfSku(db, productId, AVAILABILITY_LIST_LIMIT),
        notifyRepo.hasNotifyRequest(db, actor.userId, productId),
      ]);
      const largest = lots.lots[0] ?? null;
      return {
        productId,
        onHand: lots.count > 0 ? lots.boxes : (parseStockLevel(product.stockLevel).quantity ?? 0),
        largestLot: largest ? largest.quantity : null,
        largestLotCode: largest ? largest.lot : null,
        lots: lots.lots.map(lotView),
        moreLots: lots.count - lots.lots.length,
        incoming: loads.incoming.map((i) => ({ ...incomingView(i, options.internal), room: Math.max(0, i.quantity - Number(i.promised)) })),
        moreIncoming: loads.count - loads.incoming.length,
        nextEta: loads.incoming[0]?.eta ?? null,
        notifyRequested,
      };
    },

    /**
     * The lines of the caller's cart that are SKUs with lots: their switch, each line's 20 largest
     * lots, the warning before submit, and the split placing now would record (docs/decisions/0209):
     * all lots of the cart's SKUs are read, as placement reads them, and planned by the same rule.
     */
    async cartLots(actor: Actor, cartId: number): Promise<CartLotsResponse> {
      const cart = await deps.carts.view(actor, cartId);
      const [lots, choices] = await Promise.all([repo.findLots(db, cart.items.map((i) => i.productId)), repo.findCartChoices(db, cartId)]);
      // Lots plan what stock covers; the rest of a line is a backorder on incoming loads (docs/decisions/0238).
      // A line the loads cannot cover is planned whole, so the lots' warning says what to order.
      const loads = await incomingLoadsOf(db, cart.items.map((i) => i.productId));
      const nowItems = cart.items.map((i) => {
        const now = nowPartOf(i.quantity, i.product.stockLevel);
        const covered = i.quantity - now <= incomingRoom(loads.get(i.productId) ?? []);
        return { productId: i.productId, quantity: covered ? now : i.quantity };
      });
      const plans = planLines(lots, choices, nowItems);
      const lines = cart.items.flatMap((item, i) => {
        // findLots answers largest first (ties by id), as the list shows them.
        const own = lots.filter((l) => l.productId === item.productId);
        const plan = plans[i];
        if (own.length === 0 || !plan) return [];
        const largest = own[0]!;
        const oneLot = choices.get(item.productId) ?? true;
        const totalBoxes = own.reduce((sum, l) => sum + Math.max(0, l.quantity), 0);
        const conflict = plan.ok ? null : plan.reason;
        const planned = nowItems[i]!.quantity;
        const warning =
          conflict === 'no_single_lot' ? LOT_MESSAGES.noSingleLot(planned, largest.quantity > 0 ? largest : null) : conflict === 'not_enough' ? LOT_MESSAGES.notEnough(planned, totalBoxes) : null;
        const listed = own.slice(0, CART_LINE_LOTS_LIMIT);
        return [
          {
            productId: item.productId,
            quantity: item.quantity,
            oneLot,
            largestLot: largest.quantity,
            largestLotCode: largest.lot,
            lots: listed.map(lotView),
            moreLots: own.length - listed.length,
            warning,
            totalBoxes,
            conflict,
            plan: plannedAllocations(plan),
          },
        ];
      });
      return { lines };
    },

    async setCartChoice(actor: Actor, cartId: number, productId: number, oneLot: boolean): Promise<CartLotsResponse> {
      const cart = await deps.carts.view(actor, cartId);
      if (!cart.items.some((i) => i.productId === productId)) throw new HttpError(404, 'That item is not in this cart');
      await repo.setCartChoice(db, cartId, productId, oneLot);
      return this.cartLots(actor, cartId);
    },

    /** The cart's lines past the stock, split as placing now would (docs/decisions/0238). */
    async cartBackorders(actor: Actor, cartId: number): Promise<CartBackordersResponse> {
      const cart = await deps.carts.view(actor, cartId);
      const lines = await cartBackorderLines(db, cartId, cart.items.map((i) => ({ productId: i.productId, quantity: i.quantity, stockLevel: i.product.stockLevel })));
      return { lines };
    },

    async setCartShipping(actor: Actor, cartId: number, productId: number, shipping: BackorderShipping): Promise<CartBackordersResponse> {
      const cart = await deps.carts.view(actor, cartId);
      if (!cart.items.some((i) => i.productId === productId)) throw new HttpError(404, 'That item is not in this cart');
      await setCartShipping(db, cartId, productId, shipping);
      return this.cartBackorders(actor, cartId);
    },

    async requestNotify(actor: Actor, productId: number) {
      const product = await products.summary(productId);
      if (!product) throw new HttpError(404, PRODUCT_NOT_FOUND);
      if ((parseStockLevel(product.stockLevel).quantity ?? 0) > 0) throw new HttpError(409, NOTIFY_MESSAGES.inStock);
      if (!actor.email) throw new HttpError(400, 'Add an email address to your profile to be notified');
      // The address is not copied: the digest reads the account's confirmed one when it is sent (docs/decisions/0203).
      const added = await db.transaction((tx) => notifyRepo.addNotifyRequest(tx, actor.userId, productId));
      if (!added) throw new HttpError(400, NOTIFY_MESSAGES.limit);
      return { message: NOTIFY_MESSAGES.requested, notifyRequested: true };
    },

    async cancelNotify(actor: Actor, productId: number) {
      await notifyRepo.removeNotifyRequest(db, actor.userId, productId);
      return { message: NOTIFY_MESSAGES.cancelled, notifyRequested: false };
    },

    /** Reorder: for each line that came from one lot, whether that lot still holds it. */
    async sameLotNotes(items: readonly { productId: number; productName: string; quantity: number; allocations?: { lot: string }[] }[]): Promise<string[]> {
      const single = items.filter((i) => i.allocations?.length === 1);
      const lots = await repo.findLots(db, single.map((i) => i.productId));
      return single.map((item) => {
        const code = item.allocations![0]!.lot;
        const left = lots.find((l) => l.productId === item.productId && l.lot === code)?.quantity ?? 0;
        return left >= item.quantity ? LOT_MESSAGES.sameLotAvailable(item.productName, code, left) : LOT_MESSAGES.sameLotShort(item.productName, code, left);
      });
    },

    /** The admins' notify-me list (docs/decisions/0214). */
    notifyRequests: (query: NotifyRequestsQuery) => notifyRequestsPage({ db, products }, query),

    /** The users module deletes an account: its requests end in that transaction (docs/decisions/0203). */
    endAllOf: (tx: DbOrTx, userId: number) => notifyRepo.endRequestsOfUser(tx, userId),

    /** For the scheduled job and tests: sends the arrival emails that are due. */
    sendArrivalNotices: () => sendArrivalNotices({ db, mail: deps.mail, products, from: deps.mailFrom }),

    /**
     * In the order's transaction (orders module), see allocation.ts. Lowered lots change stock
     * levels, so the catalogue's version moves in the same transaction (ADR 0010).
     */
    async allocateOrder(tx: DbOrTx, order: Parameters<typeof allocateOrder>[1]) {
      const allocations = await allocateOrder(tx, order);
      if (allocations.size > 0) await products.recordChange(tx);
      return allocations;
    },
    allocationsOf,
    /** In the order's transaction, after the lots and stock took what they cover (backorders.ts, docs/decisions/0238). */
    allocateBackorders,
    backordersOf,
    /** In the transaction that cancels an order: its waiting backorders end (docs/decisions/0238). */
    releaseBackorders: (tx: DbOrTx, orderId: number) => releaseWaiting(tx, orderId),
    /** After an order with allocations committed: this server's catalogue is stale. */
    stockChanged: () => products.changed(),
  };
}
