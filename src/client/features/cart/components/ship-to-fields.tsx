import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { shipToAddress } from '@common/contracts/ship-to';
import { SHIP_TO_FIELDS, SHIP_TO_LABELS, type ShipToAddress, type ShipToField } from '@common/domain/ship-to';
import { FormField } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';

/** The ship-to as the form holds it: every part as typed. */
export type ShipToDraft = Record<ShipToField, string>;
export type ShipToErrors = Partial<Record<ShipToField, string>>;

export function shipToDraft(address: ShipToAddress): ShipToDraft {
  return { ...address, street2: address.street2 ?? '' };
}

/** A draft read back from storage: only string parts are taken, anything else is not a draft. */
export function savedShipToDraft(saved: unknown): ShipToDraft | null {
  if (typeof saved !== 'object' || saved === null || Array.isArray(saved)) return null;
  const parts = saved as Record<string, unknown>;
  return Object.fromEntries(SHIP_TO_FIELDS.map((field) => [field, typeof parts[field] === 'string' ? parts[field] : ''])) as ShipToDraft;
}

/** The contract's verdict (the server's own check): the address to send, or a message per part. */
export function checkShipTo(draft: ShipToDraft): { address: ShipToAddress } | { errors: ShipToErrors } {
  const parsed = shipToAddress.safeParse(draft);
  if (parsed.success) return { address: parsed.data };
  const errors: ShipToErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as ShipToField;
    errors[field] ??= issue.message;
  }
  return { errors };
}

/** The first part with an error, to move the focus there after a refused submit. */
export function focusFirstShipToError(): void {
  document.querySelector<HTMLInputElement>('#ship-to-fields [aria-invalid="true"]')?.focus();
}

const LAYOUT: { field: ShipToField; autoComplete: string; className?: string; type?: string; inputMode?: 'numeric'; maxLength: number }[] = [
  { field: 'name', autoComplete: 'shipping organization', className: 'sm:col-span-6', maxLength: 200 },
  { field: 'contactName', autoComplete: 'shipping name', className: 'sm:col-span-3', maxLength: 100 },
  { field: 'phone', autoComplete: 'shipping tel', className: 'sm:col-span-3', type: 'tel', maxLength: 50 },
  { field: 'street', autoComplete: 'shipping address-line1', className: 'sm:col-span-6', maxLength: 200 },
  { field: 'street2', autoComplete: 'shipping address-line2', className: 'sm:col-span-6', maxLength: 100 },
  { field: 'city', autoComplete: 'shipping address-level2', className: 'sm:col-span-3', maxLength: 100 },
  { field: 'state', autoComplete: 'shipping address-level1', className: 'sm:col-span-1', maxLength: 2 },
  { field: 'zip', autoComplete: 'shipping postal-code', className: 'sm:col-span-2', inputMode: 'numeric', maxLength: 10 },
];

/**
 * The ship-to of a shipped sample order (docs/decisions/0210): filled in from the rep's store in the
 * profile, changed here for this order only. Each part says what is missing under it.
 */
export function ShipToFields({
  value,
  onChange,
  errors,
  fromProfile,
  hint,
}: {
  value: ShipToDraft;
  onChange: (value: ShipToDraft) => void;
  errors: ShipToErrors;
  /** Whether the profile has a store address to start from. */
  fromProfile: boolean;
  /** Replaces the profile hint (a dealer company's one-off address, docs/decisions/0233). */
  hint?: ReactNode;
}) {
  return (
    <fieldset id="ship-to-fields" className="grid items-start gap-4 rounded-md border border-border p-4 sm:grid-cols-6" aria-describedby="ship-to-hint">
      <legend className="px-1 text-sm font-medium">Ship to</legend>
      <p id="ship-to-hint" className="text-sm text-muted-foreground sm:col-span-6">
        {hint ?? (
          <>
            {fromProfile ? 'Your store, from ' : 'Add your store address in '}
            <Link href="/profile" className="font-medium text-foreground underline underline-offset-4">
              My User Data
            </Link>
            {fromProfile ? '. Changes here are for this order only.' : ' to have it filled in next time.'}
          </>
        )}
      </p>
      {LAYOUT.map(({ field, className, ...input }) => (
        <FormField key={field} label={SHIP_TO_LABELS[field]} error={errors[field]} className={className}>
          {(control) => (
            <Input
              {...control}
              type={input.type ?? 'text'}
              inputMode={input.inputMode}
              autoComplete={input.autoComplete}
              maxLength={input.maxLength}
              className={field === 'state' ? 'uppercase' : undefined}
              value={value[field]}
              onChange={(e) => onChange({ ...value, [field]: e.target.value })}
            />
          )}
        </FormField>
      ))}
    </fieldset>
  );
}
