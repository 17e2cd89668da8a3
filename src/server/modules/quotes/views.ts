import { quoteNumber, type QuoteLineView, type QuoteSummary, type QuoteView } from '@common/contracts/quotes';
import type { IsoDate } from '@common/domain/business-days';
import { fromCents, lineTotalCents } from '@common/domain/money';
import { floorPrice } from '@common/domain/quotes';
import type { DbOrTx } from '../../db/client';
import { findCompany } from '../companies';
import { holdsOf, lotsOf } from '../lots';
import { lowestListPrices, priceLines } from '../price-list';
import type { ProductsService } from '../products';
import type { QuoteLineRow, QuoteRow } from './repository';

/** What building a quote's answer reads from other modules. */
export interface ViewDeps {
  products: Pick<ProductsService, 'summaries'>;
  today: () => IsoDate;
}

export function toSummary(row: QuoteRow, companyName: string, lineCount: number): QuoteSummary {
  return {
    id: row.id,
    number: quoteNumber(row.id),
    companyId: row.companyId,
    companyName,
    projectName: row.projectName,
    status: row.status,
    validUntil: row.validUntil,
    requestedBy: row.requestedByName,
    requestedByRep: row.requestedByRepName !== null ? { userId: row.requestedByRepId, name: row.requestedByRepName } : null,
    lineCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * One quote as its reader sees it: each line with the company's contract price beside the quoted one
 * (docs/decisions/0237), its hold, and for a pricer (admin, salesperson) the floor and the SKU's lots.
 */
export async function quoteView(db: DbOrTx, deps: ViewDeps, row: QuoteRow, lines: readonly QuoteLineRow[], pricer: boolean): Promise<QuoteView> {
  const skus = [...new Set(lines.map((l) => l.productId))];
  // One after another: `db` may be the step's transaction, one connection that runs one query at a time.
  const company = await findCompany(db, row.companyId);
  const products = await deps.products.summaries(skus, db);
  const holds = await holdsOf(db, lines.map((l) => l.id));
  const bySku = new Map(products.map((p) => [p.id, p]));
  const contract = await priceLines(
    db,
    row.companyId,
    lines.map((l) => ({ productId: l.productId, quantity: l.quantity, basePrice: bySku.get(l.productId)?.price ?? null })),
    deps.today(),
  );
  const lowest = pricer ? await lowestListPrices(db, skus) : new Map<number, string>();
  const lots = pricer ? await lotsOf(db, skus) : [];
  let totalCents: number | null = null;
  const views: QuoteLineView[] = lines.map((line, i) => {
    const product = bySku.get(line.productId);
    const hold = holds.get(line.id);
    const cents = lineTotalCents(line.quotedPrice, line.quantity);
    if (cents !== null) totalCents = (totalCents ?? 0) + cents;
    return {
      id: line.id,
      productId: line.productId,
      productName: product?.name ?? `SKU ${line.productId}`,
      soldBy: product?.soldBy ?? 'Box',
      coverage: product?.coverage ?? '',
      quantity: line.quantity,
      areaSqft: line.areaSqft,
      wastePercent: line.wastePercent,
      quotedPrice: line.quotedPrice,
      contractPrice: contract[i]?.price ?? null,
      holdOneLot: line.holdOneLot,
      heldLot: line.heldLot,
      heldBoxes: hold?.quantity ?? 0,
      holdExpiresAt: hold?.expiresAt ?? null,
      quantityUsed: line.quantityUsed,
      ...(pricer
        ? {
            floorPrice: floorPrice(product?.price ?? null, lowest.has(line.productId) ? [lowest.get(line.productId)!] : []),
            lots: lots
              .filter((l) => l.productId === line.productId)
              .map((l) => ({ id: l.id, lot: l.lot, shade: l.shade, caliber: l.caliber, warehouse: l.warehouse, free: l.quantity })),
          }
        : {}),
    };
  });
  return {
    ...toSummary(row, company?.name ?? '', lines.length),
    siteAddress: row.siteAddress,
    contractor: row.contractor,
    installDate: row.installDate,
    dealerNotes: row.dealerNotes,
    notes: row.notes,
    pricedBy: row.pricedByName,
    sentAt: row.sentAt?.toISOString() ?? null,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    total: totalCents === null ? null : fromCents(totalCents),
    lines: views,
  };
}
