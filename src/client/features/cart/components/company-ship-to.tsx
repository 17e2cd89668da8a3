import { useId } from 'react';
import type { ShipToLocationView } from '@common/contracts/orders';
import { Checkbox } from '@client/components/ui/checkbox';
import { Label } from '@client/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@client/components/ui/radio-group';
import { ShipToFields, type ShipToDraft, type ShipToErrors } from './ship-to-fields';

/** Which ship-to a dealer company's order goes to: a saved location, or another address typed here. */
export interface CompanyShipToChoice {
  /** A saved location's id, 'other' for a typed address, null before the buyer chose (the default location). */
  locationId: number | 'other' | null;
  draft: ShipToDraft;
  save: boolean;
}

export const EMPTY_SHIP_TO_DRAFT: ShipToDraft = { name: '', contactName: '', phone: '', street: '', street2: '', city: '', state: '', zip: '' };

/** The location the choice stands for now: the chosen one, else the company's default, else a typed address. */
export function chosenLocation(choice: CompanyShipToChoice, locations: readonly ShipToLocationView[]): number | 'other' {
  if (choice.locationId === 'other') return 'other';
  if (choice.locationId !== null && locations.some((l) => l.id === choice.locationId)) return choice.locationId;
  return (locations.find((l) => l.isDefault) ?? locations[0])?.id ?? 'other';
}

/**
 * Checkout to a location (docs/decisions/0233): the company's saved ship-to addresses, the default
 * preselected, or a one-off address with "Save this address for the company".
 */
export function CompanyShipToFields({
  locations,
  value,
  onChange,
  errors,
}: {
  locations: readonly ShipToLocationView[];
  value: CompanyShipToChoice;
  onChange: (next: CompanyShipToChoice) => void;
  errors: ShipToErrors;
}) {
  const id = useId();
  const chosen = chosenLocation(value, locations);
  return (
    <div className="grid gap-3">
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Ship to</legend>
        <RadioGroup
          value={String(chosen)}
          onValueChange={(v) => onChange({ ...value, locationId: v === 'other' ? 'other' : Number(v) })}
          className="grid gap-2"
        >
          {locations.map((location) => (
            <Label
              key={location.id}
              htmlFor={`${id}-loc-${location.id}`}
              className="flex min-h-11 cursor-pointer items-start gap-3 rounded-md border border-input px-4 py-3 has-[[data-state=checked]]:border-accent has-[[data-state=checked]]:bg-accent-soft/50"
            >
              <RadioGroupItem id={`${id}-loc-${location.id}`} value={String(location.id)} className="mt-0.5" />
              <span className="min-w-0">
                <span className="font-medium">
                  {location.name}
                  {location.isDefault && <span className="ml-2 text-xs font-normal text-muted-foreground">Default</span>}
                </span>
                <span className="block whitespace-pre-line break-words text-xs font-normal text-muted-foreground">{location.text}</span>
              </span>
            </Label>
          ))}
          <Label
            htmlFor={`${id}-loc-other`}
            className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md border border-input px-4 has-[[data-state=checked]]:border-accent has-[[data-state=checked]]:bg-accent-soft/50"
          >
            <RadioGroupItem id={`${id}-loc-other`} value="other" />
            Another address
          </Label>
        </RadioGroup>
      </fieldset>
      {chosen === 'other' && (
        <>
          <ShipToFields
            value={value.draft}
            onChange={(draft) => onChange({ ...value, draft })}
            errors={errors}
            fromProfile={false}
            hint="For this order. Tick the box below to keep it as one of your company’s locations."
          />
          <div className="flex items-center gap-3">
            <Checkbox id={`${id}-save`} checked={value.save} onCheckedChange={(v) => onChange({ ...value, save: v === true })} />
            <Label htmlFor={`${id}-save`}>Save this address for the company</Label>
          </div>
        </>
      )}
    </div>
  );
}
