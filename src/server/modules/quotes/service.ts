import type { OrderView } from '@common/contracts/orders';
import {
  quoteNumber,
  type extendQuoteBody,
  type orderFromQuoteBody,
  type quotesQuery,
  type QuotesResponse,
  type QuoteView,
  type requestQuoteBody,
  type sendQuoteBody,
} from '@common/contracts/quotes';
import { COMPANY_PO_MESSAGES } from '@common/domain/company-orders';
import { displayName } from '@common/domain/display-name';
import {
  belowFloor,
  canMoveQuote,
  drawDown,
  floorPrice,
  fullyUsed,
  holdExpiry,
  QUOTE_MESSAGES,
  validUntilProblem,
  type QuoteStatus,
} from '@common/domain/quotes';
import { boxesForArea, DEFAULT_WASTE_PERCENT, sqftPerBox } from '@common/domain/square-feet';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { HttpError } from '../../lib/http-error';
import type { ActivityService } from '../activity';
import { findCompany, peopleOf } from '../companies';
import { allocateHeldOrder, extendHold, holdLot, holdsOf, releaseHolds } from '../lots';
import type { OrdersService } from '../orders';
import { lowestListPrices } from '../price-list';
import type { QuoteStep } from './emails';
import { renderQuotePdf } from './render-pdf';
import { giveBackToQuotes } from './cancelled-orders';
import * as repo from './repository';
import { announce as announceStep, type StepDeps, releaseQuoteHolds, viewOf as stepView } from './steps';
import { toSummary } from './views';

export type QuotesService = ReturnType<typeof createQuotesService>;

export interface QuotesDeps extends StepDeps {
  db: Db;
  activity: ActivityService;
  orders: Pick<OrdersService, 'placeGivenLines' | 'onCancelled'>;
  now?: () => Date;
}

/** Admins and salespeople price quotes; below the floor only an admin (docs/decisions/0237). */
const isPricer = (actor: Actor) => actor.role === 'admin' || actor.role === 'salesperson';
/** A buyer of the quote's own company. */
const isOwnDealer = (actor: Actor, row: { companyId: number }) => actor.role === 'bold_customer' && actor.companyId != null && actor.companyId === row.companyId;

/**
 * Project quotes (docs/decisions/0237) with their lot holds (0236). Every step is one transaction on
 * the locked quote row: its status move, holds, email through the job queue, `quote.*` webhook and
 * activity commit together or not at all.
 */
export function createQuotesService(deps: QuotesDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  const viewOf = (tx: DbOrTx, row: repo.QuoteRow, pricer: boolean) => stepView(tx, deps, row, pricer);

  /** The quote if this actor may see it; another company's is "not found", never a hint it exists. */
  async function visible(tx: DbOrTx, actor: Actor, id: number, lock = false): Promise<repo.QuoteRow> {
    const row = lock ? await repo.lockQuote(tx, id) : await repo.findQuote(tx, id);
    if (!row || !(isPricer(actor) || isOwnDealer(actor, row))) throw new HttpError(404, QUOTE_MESSAGES.notFound);
    return row;
  }

  function move(row: repo.QuoteRow, to: QuoteStatus): void {
    if (!canMoveQuote(row.status, to)) throw new HttpError(409, QUOTE_MESSAGES.badMove(row.status, to));
  }

  /** Past its valid-until day: refused now; the scheduled job marks it expired within a minute. */
  function checkValid(row: repo.QuoteRow): void {
    if (row.validUntil !== null && row.validUntil < deps.today()) throw new HttpError(409, QUOTE_MESSAGES.expired);
  }

  const announce = (tx: DbOrTx, actor: Actor | null, row: repo.QuoteRow, kind: QuoteStep | 'closed', description: string) =>
    announceStep(tx, deps, { actor, row, kind, description });
  const releaseAll = releaseQuoteHolds;
  // A cancelled order from a quote gives its boxes back (docs/decisions/0245).
  deps.orders.onCancelled((tx, actor, orderId) => giveBackToQuotes(tx, deps, actor, orderId));

  return {
    async request(actor: Actor, body: z.output<typeof requestQuoteBody>): Promise<QuoteView> {
      if (actor.role !== 'bold_customer' || actor.companyId == null) throw new HttpError(403, QUOTE_MESSAGES.notInCompany);
      const companyId = actor.companyId;
      const products = new Map((await deps.products.summaries([...new Set(body.lines.map((l) => l.productId))])).map((p) => [p.id, p]));
      const errors: { path: string; message: string }[] = [];
      const lines = body.lines.flatMap((line, i) => {
        const product = products.get(line.productId);
        if (!product) {
          errors.push({ path: `lines.${i}.productId`, message: `Unknown SKU ${line.productId}` });
          return [];
        }
        if (line.quantity !== undefined) return [{ productId: line.productId, quantity: line.quantity, holdOneLot: line.holdOneLot }];
        // Square feet: whole boxes that cover the area and its waste, the stock row's rule (common/domain/square-feet.ts).
        const waste = line.wastePercent ?? DEFAULT_WASTE_PERCENT;
        const boxes = boxesForArea(line.areaSqft!, waste, sqftPerBox(product));
        if (!boxes.ok) {
          errors.push({ path: `lines.${i}.areaSqft`, message: `SKU ${line.productId}: ${boxes.message}` });
          return [];
        }
        return [{ productId: line.productId, quantity: boxes.boxes, areaSqft: line.areaSqft!.toFixed(2), wastePercent: waste, holdOneLot: line.holdOneLot }];
      });
      if (errors.length > 0) throw new HttpError(400, errors[0]!.message, errors);
      return db.transaction(async (tx) => {
        const requester = (await peopleOf(tx, companyId)).find((p) => p.id === actor.userId);
        // A rep acting for the company (docs/decisions/0235, 0242): the quote is the company's, asked by the rep.
        const repName = actor.actingFor?.companyId === companyId ? displayName({ username: actor.username, ...(await repo.userName(tx, actor.userId)) }) : null;
        const row = await repo.insertQuote(
          tx,
          {
            companyId,
            requestedByUserId: actor.userId,
            requestedByName: repName ?? (requester ? displayName(requester) : actor.username),
            requestedByRepId: repName === null ? null : actor.userId,
            requestedByRepName: repName,
            projectName: body.projectName,
            siteAddress: body.siteAddress,
            contractor: body.contractor,
            installDate: body.installDate ?? null,
            dealerNotes: body.notes,
            status: 'requested',
          },
          lines,
        );
        await announce(tx, actor, row, 'requested', `${actor.username} requested quote ${quoteNumber(row.id)} for ${row.projectName}`);
        return viewOf(tx, row, isPricer(actor));
      });
    },

    async list(actor: Actor, query: z.output<typeof quotesQuery>): Promise<QuotesResponse> {
      let companyId = query.companyId;
      if (!isPricer(actor)) {
        if (actor.role !== 'bold_customer' || actor.companyId == null) return { quotes: [] };
        companyId = actor.companyId;
      }
      const rows = await repo.listQuotes(db, { companyId, status: query.status });
      const names = new Map<number, string>();
      for (const id of new Set(rows.map((r) => r.quote.companyId))) names.set(id, (await findCompany(db, id))?.name ?? '');
      return { quotes: rows.map((r) => toSummary(r.quote, names.get(r.quote.companyId) ?? '', r.lineCount)) };
    },

    async detail(actor: Actor, id: number): Promise<QuoteView> {
      return viewOf(db, await visible(db, actor, id), isPricer(actor));
    },

    async pdf(actor: Actor, id: number): Promise<{ pdf: Buffer; filename: string }> {
      const view = await viewOf(db, await visible(db, actor, id), false);
      const safeName = view.projectName.replace(/[^\w -]+/g, '').trim().slice(0, 60) || 'project';
      return { pdf: await renderQuotePdf(view, now()), filename: `${quoteNumber(view.id)} ${safeName}.pdf` };
    },

    /** Prices, validity, notes and holds; the quote becomes quoted (again, when revised) and the dealer is emailed. */
    async send(actor: Actor, id: number, body: z.output<typeof sendQuoteBody>): Promise<QuoteView> {
      if (!isPricer(actor)) throw new HttpError(403, QUOTE_MESSAGES.pricerOnly);
      const problem = validUntilProblem(body.validUntil, deps.today());
      if (problem) throw new HttpError(400, problem, [{ path: 'validUntil', message: problem }]);
      return db.transaction(async (tx) => {
        const row = await visible(tx, actor, id, true);
        move(row, 'quoted');
        const lines = await repo.linesOf(tx, [row.id]);
        const sent = new Map(body.lines.map((l) => [l.id, l]));
        const unknown = body.lines.find((l) => !lines.some((own) => own.id === l.id));
        if (unknown) throw new HttpError(400, QUOTE_MESSAGES.lineNotOnQuote, [{ path: `lines.${unknown.id}`, message: QUOTE_MESSAGES.lineNotOnQuote }]);
        const unpriced = lines.find((l) => !sent.has(l.id));
        if (unpriced) throw new HttpError(400, QUOTE_MESSAGES.unpriced(unpriced.productId), [{ path: `lines.${unpriced.id}`, message: QUOTE_MESSAGES.unpriced(unpriced.productId) }]);
        if (actor.role !== 'admin') {
          const skus = lines.map((l) => l.productId);
          const products = await deps.products.summaries(skus, tx);
          const lowest = await lowestListPrices(tx, skus);
          for (const line of lines) {
            const base = products.find((p) => p.id === line.productId)?.price ?? null;
            const floor = floorPrice(base, lowest.has(line.productId) ? [lowest.get(line.productId)!] : []);
            if (belowFloor(sent.get(line.id)!.quotedPrice, floor)) {
              const message = QUOTE_MESSAGES.belowFloor(line.productId, floor!);
              throw new HttpError(403, message, [{ path: `lines.${line.id}.quotedPrice`, message }]);
            }
          }
        }
        const expiresAt = holdExpiry(body.validUntil, now());
        // A revised quote places its holds again: the old ones go first, then the new ones lot by lot in
        // id order, the order placement locks lots in (docs/decisions/0185), so the two never deadlock.
        await releaseHolds(tx, lines.map((l) => l.id));
        const byLot = [...lines].sort((a, b) => (sent.get(a.id)!.holdLotId ?? 0) - (sent.get(b.id)!.holdLotId ?? 0));
        for (const line of byLot) {
          const asked = sent.get(line.id)!;
          let held: { id: number | null; lot: string | null } = { id: null, lot: null };
          if (asked.holdLotId) {
            // The whole line (what orders have not used) is held.
            const hold = await holdLot(tx, { quoteLineId: line.id, productId: line.productId, lotId: asked.holdLotId, boxes: line.quantity - line.quantityUsed, expiresAt });
            held = { id: hold.lotId, lot: hold.lot };
          }
          await repo.updateLine(tx, line.id, { quotedPrice: asked.quotedPrice, heldLotId: held.id, heldLot: held.lot });
        }
        const updated = await repo.updateQuote(tx, row.id, {
          status: 'quoted',
          validUntil: body.validUntil,
          notes: body.notes,
          pricedByName: actor.username,
          sentAt: now(),
        });
        await announce(tx, actor, updated, 'sent', `${actor.username} sent quote ${quoteNumber(row.id)} (${row.projectName}), valid until ${body.validUntil}`);
        return viewOf(tx, updated, true);
      }).finally(() => deps.products.changed());
    },

    async decide(actor: Actor, id: number, decision: 'accepted' | 'declined'): Promise<QuoteView> {
      return db.transaction(async (tx) => {
        const row = await visible(tx, actor, id, true);
        if (!isOwnDealer(actor, row)) throw new HttpError(403, QUOTE_MESSAGES.dealerOnly);
        move(row, decision);
        checkValid(row);
        if (decision === 'declined') await releaseAll(tx, row.id);
        const updated = await repo.updateQuote(tx, row.id, { status: decision, decidedAt: now() });
        await announce(tx, actor, updated, decision, `${actor.username} ${decision} quote ${quoteNumber(row.id)} (${row.projectName})`);
        return viewOf(tx, updated, false);
      }).finally(() => deps.products.changed());
    },

    /** An admin moves the validity; the holds' end moves with it, at most 90 days from now (docs/decisions/0236). */
    async extend(actor: Actor, id: number, body: z.output<typeof extendQuoteBody>): Promise<QuoteView> {
      if (actor.role !== 'admin') throw new HttpError(403, QUOTE_MESSAGES.adminOnly);
      const problem = validUntilProblem(body.validUntil, deps.today());
      if (problem) throw new HttpError(400, problem, [{ path: 'validUntil', message: problem }]);
      return db.transaction(async (tx) => {
        const row = await visible(tx, actor, id, true);
        if (row.status !== 'quoted' && row.status !== 'accepted') throw new HttpError(409, QUOTE_MESSAGES.badMove(row.status, row.status));
        const expiresAt = holdExpiry(body.validUntil, now());
        for (const line of await repo.linesOf(tx, [row.id])) await extendHold(tx, line.id, expiresAt);
        const updated = await repo.updateQuote(tx, row.id, { validUntil: body.validUntil });
        await deps.activity.record(actor, { type: 'quote_updated', description: `${actor.username} extended quote ${quoteNumber(row.id)} to ${body.validUntil}`, metadata: { quoteId: row.id } }, tx);
        return viewOf(tx, updated, true);
      });
    },

    async close(actor: Actor, id: number): Promise<QuoteView> {
      return db.transaction(async (tx) => {
        const row = await visible(tx, actor, id, true);
        if (!isOwnDealer(actor, row) && actor.role !== 'admin') throw new HttpError(403, QUOTE_MESSAGES.adminOnly);
        move(row, 'closed');
        await releaseAll(tx, row.id);
        const updated = await repo.updateQuote(tx, row.id, { status: 'closed' });
        await announce(tx, actor, updated, 'closed', `${actor.username} closed quote ${quoteNumber(row.id)} (${row.projectName})`);
        return viewOf(tx, updated, isPricer(actor));
      }).finally(() => deps.products.changed());
    },

    /**
     * An order from an accepted quote (docs/decisions/0237): the asked lines at their quoted prices, each
     * from its held lot first, never more than the quote has left; when every line is used the quote closes.
     */
    async order(actor: Actor, id: number, body: z.output<typeof orderFromQuoteBody>): Promise<OrderView> {
      const placed = await db.transaction(async (tx) => {
        const row = await visible(tx, actor, id, true);
        if (!isOwnDealer(actor, row)) throw new HttpError(403, QUOTE_MESSAGES.dealerOnly);
        if (actor.companyRole === 'requester') throw new HttpError(403, COMPANY_PO_MESSAGES.requesterMustSubmit);
        if (row.status !== 'accepted') throw new HttpError(409, QUOTE_MESSAGES.notAccepted);
        checkValid(row);
        const lines = await repo.linesOf(tx, [row.id]);
        const holds = await holdsOf(tx, lines.map((l) => l.id));
        const state = lines.map((l) => ({
          id: l.id,
          productId: l.productId,
          quantity: l.quantity,
          used: l.quantityUsed,
          price: l.quotedPrice ?? '0.00',
          heldLotId: holds.get(l.id)?.lotId ?? null,
          held: holds.get(l.id)?.quantity ?? 0,
        }));
        const drawn = drawDown(state, body.lines);
        if (!drawn.ok) throw new HttpError(drawn.path === 'lines' ? 400 : 409, drawn.message, [{ path: drawn.path, message: drawn.message }]);
        const products = new Map((await deps.products.summaries(drawn.lines.map((d) => d.productId), tx)).map((p) => [p.id, p]));
        const source = { code: quoteNumber(row.id), name: `Quote ${quoteNumber(row.id)} ${row.projectName}`.slice(0, 200) };
        const result = await deps.orders.placeGivenLines(tx, actor, {
          companyId: row.companyId,
          cartName: `${row.projectName} (${quoteNumber(row.id)})`.slice(0, 200),
          poReference: body.poReference || row.projectName.slice(0, 100),
          notes: body.notes || null,
          checkout: { deliveryType: body.deliveryType ?? 'pickup', locationId: body.locationId, shipToAddress: body.shipToAddress, saveShipTo: body.saveShipTo, requestedDate: body.requestedDate },
          overLimit: QUOTE_MESSAGES.overLimit,
          lines: drawn.lines.map((d) => ({
            productId: d.productId,
            productName: products.get(d.productId)?.name ?? `SKU ${d.productId}`,
            quantity: d.quantity,
            price: d.price,
            basePrice: products.get(d.productId)?.price ?? null,
            source,
          })),
          allocate: (orderId, items) =>
            allocateHeldOrder(tx, { orderId, lines: items.map((item, i) => ({ ...item, quoteLineId: drawn.lines[i]!.quoteLineId, fromHold: drawn.lines[i]!.fromHold })) }),
        });
        for (const d of drawn.lines) {
          const line = lines.find((l) => l.id === d.quoteLineId)!;
          await repo.updateLine(tx, line.id, { quantityUsed: line.quantityUsed + d.quantity });
        }
        await deps.activity.record(actor, { type: 'quote_updated', description: `${actor.username} ordered from quote ${quoteNumber(row.id)}: order #${result.order.id}`, metadata: { quoteId: row.id, orderId: result.order.id } }, tx);
        const after = await repo.linesOf(tx, [row.id]);
        if (fullyUsed(after.map((l) => ({ quantity: l.quantity, used: l.quantityUsed })))) {
          await releaseAll(tx, row.id);
          const closed = await repo.updateQuote(tx, row.id, { status: 'closed' });
          await announce(tx, null, closed, 'closed', '');
        } else await repo.updateQuote(tx, row.id, {});
        return result;
      });
      deps.products.changed();
      return placed.order;
    },
  };
}
