import type { AvailabilityResponse, LotView } from '@common/contracts/lots';
import { formatMonthDay } from '@common/domain/format-date';
import { LOT_MESSAGES } from '@common/domain/lots';
import { formatCount } from '@common/domain/format';

/** One lot as a compact line: "L2406A · shade S3 · caliber C2 · 55 boxes (Main)". */
function LotLine({ lot }: { lot: LotView }) {
  const facts = [lot.shade && `shade ${lot.shade}`, lot.caliber && `caliber ${lot.caliber}`].filter(Boolean).join(' · ');
  return (
    <li className="flex flex-wrap items-baseline justify-between gap-x-3">
      <span className="min-w-0">
        <span className="nums font-medium">{lot.lot}</span>
        {facts && <span className="text-muted-foreground"> · {facts}</span>}
        {lot.warehouse !== 'Main' && <span className="text-muted-foreground"> · {lot.warehouse}</span>}
      </span>
      <span className="nums shrink-0">{formatCount(lot.quantity)} {lot.quantity === 1 ? 'box' : 'boxes'}</span>
    </li>
  );
}

/**
 * A SKU's lots and incoming loads, shared by the stock row, the catalog card and the
 * cart line: the lots with shade, caliber and boxes, "largest single lot: 55 boxes", and each load
 * "120 boxes arriving about Dec 14 (on vessel)". Renders nothing for a SKU with neither.
 */
export function LotsSummary({
  availability,
  compact = false,
}: {
  availability: Pick<AvailabilityResponse, 'lots' | 'incoming' | 'largestLot'> & Partial<Pick<AvailabilityResponse, 'moreLots' | 'moreIncoming'>>;
  compact?: boolean;
}) {
  const { lots, incoming, largestLot, moreLots = 0, moreIncoming = 0 } = availability;
  const shownLots = lots.filter((l) => l.quantity > 0);
  if (shownLots.length === 0 && incoming.length === 0) return null;
  return (
    <div className="grid gap-2 text-sm" data-testid="lots-summary">
      {shownLots.length > 0 && (
        <div className="grid gap-1">
          <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
            Lots <span className="normal-case">· {LOT_MESSAGES.largestLot(largestLot ?? 0)}</span>
          </p>
          {!compact && (
            <ul className="grid gap-0.5" aria-label="Lots">
              {shownLots.map((lot) => (
                <LotLine key={lot.lot} lot={lot} />
              ))}
              {/* The answer lists the largest lots only (ADR 0204). */}
              {moreLots > 0 && <li className="text-muted-foreground">and {formatCount(moreLots)} smaller {moreLots === 1 ? 'lot' : 'lots'}</li>}
            </ul>
          )}
        </div>
      )}
      {incoming.length > 0 && (
        <ul className="grid gap-0.5" aria-label="Incoming">
          {(compact ? incoming.slice(0, 1) : incoming).map((load, at) => (
            <li key={at} className="text-muted-foreground">
              {LOT_MESSAGES.arriving(load.quantity, load.eta, load.stage)}
              {load.lot && !compact && <span> · lot {load.lot}</span>}
            </li>
          ))}
          {!compact && moreIncoming > 0 && <li className="text-muted-foreground">and {formatCount(moreIncoming)} later {moreIncoming === 1 ? 'load' : 'loads'}</li>}
        </ul>
      )}
    </div>
  );
}

/** "Next arrival about Dec 14" for an out-of-stock or short SKU with a load on its way. */
export function nextArrivalText(nextEta: string | null): string | null {
  return nextEta ? `Next arrival about ${formatMonthDay(nextEta)}` : null;
}
