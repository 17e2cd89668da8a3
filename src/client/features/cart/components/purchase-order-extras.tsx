import { useId, type ReactNode } from 'react';
import type { IsoDate } from '@common/domain/business-days';
import { isOneOf } from '@common/domain/one-of';
import { formatStoreAddress, type StoreProfile } from '@common/domain/ship-to';
import { DELIVERY_LABELS, DELIVERY_TYPES, requestedDateLabel, type DeliveryType } from '@common/domain/order-status';
import { Button } from '@client/components/ui/button';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@client/components/ui/radio-group';
import { Textarea } from '@client/components/ui/textarea';
import { useRequestedDates } from '@client/api/get-requested-dates';
import { RequestedDateField } from './requested-date-field';

export interface PurchaseOrderExtras {
  poReference: string;
  notes: string;
  deliveryType: DeliveryType;
  /** Optional for a PO (ADR 0192); the same business-day and closed-day rules as a sample order when given. */
  requestedDate: IsoDate | null;
  shipTo: string;
}

/** The profile's store (name and address, in all the parts it has), the ship-to a dealer starts from (ADR 0192, 0210). */
export function profileShipTo(user: Omit<StoreProfile, 'username'>): string {
  return formatStoreAddress(user) ?? '';
}

export const emptyExtras = (shipTo: string): PurchaseOrderExtras => ({ poReference: '', notes: '', deliveryType: 'pickup', requestedDate: null, shipTo });

/**
 * A dealer may give their own PO reference and a note, pickup or ship, a
 * ship-to address (the profile's store address unless changed) and a requested date; all
 * optional, and all in order history, the order detail, the email and the export.
 */
export function PurchaseOrderExtrasFields({
  value,
  onChange,
  shipTo,
}: {
  value: PurchaseOrderExtras;
  onChange: (next: PurchaseOrderExtras) => void;
  /** A dealer company's ship-to choice (saved locations, docs/decisions/0233) instead of the typed text. */
  shipTo?: ReactNode;
}) {
  const id = useId();
  const dates = useRequestedDates();
  return (
    <div className="grid gap-3 print:hidden">
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Delivery</legend>
        <RadioGroup
          value={value.deliveryType}
          onValueChange={(v) => isOneOf(DELIVERY_TYPES, v) && onChange({ ...value, deliveryType: v })}
          className="flex flex-wrap gap-2"
        >
          {DELIVERY_TYPES.map((type) => (
            <Label
              key={type}
              htmlFor={`${id}-delivery-${type}`}
              className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md border border-input px-4 has-[[data-state=checked]]:border-accent has-[[data-state=checked]]:bg-accent-soft/50"
            >
              <RadioGroupItem id={`${id}-delivery-${type}`} value={type} />
              {DELIVERY_LABELS[type]}
            </Label>
          ))}
        </RadioGroup>
      </fieldset>
      {value.deliveryType === 'ship' && shipTo}
      {value.deliveryType === 'ship' && !shipTo && (
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-ship-to`}>Ship to</Label>
          <Textarea
            id={`${id}-ship-to`}
            maxLength={500}
            rows={3}
            placeholder="Store or job site address"
            value={value.shipTo}
            onChange={(e) => onChange({ ...value, shipTo: e.target.value })}
          />
        </div>
      )}
      {dates.isSuccess && (
        <div className="grid gap-1">
          <RequestedDateField
            label={`${requestedDateLabel(value.deliveryType)} (optional)`}
            today={dates.data.today}
            earliest={dates.data.earliest}
            closedDays={dates.data.closedDays}
            value={value.requestedDate}
            onChange={(requestedDate) => onChange({ ...value, requestedDate })}
          />
          {value.requestedDate && (
            <Button type="button" variant="ghost" size="sm" className="justify-self-start" onClick={() => onChange({ ...value, requestedDate: null })}>
              Clear date
            </Button>
          )}
        </div>
      )}
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-ref`}>Your PO reference (optional)</Label>
        <Input
          id={`${id}-ref`}
          maxLength={100}
          autoComplete="off"
          placeholder="e.g. JOB-4471"
          value={value.poReference}
          onChange={(e) => onChange({ ...value, poReference: e.target.value })}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-notes`}>Note (optional)</Label>
        <Textarea
          id={`${id}-notes`}
          maxLength={2000}
          rows={2}
          placeholder="Delivery instructions, contact on site…"
          value={value.notes}
          onChange={(e) => onChange({ ...value, notes: e.target.value })}
        />
      </div>
    </div>
  );
}
