import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { locationBody, type LocationBody, type LocationInput, type LocationView } from '@common/contracts/companies';
import { LOCATION_KINDS } from '@common/domain/companies';
import { applyFieldErrors } from '@client/lib/apply-field-errors';
import { errorMessage } from '@client/lib/api-client';
import { FormDialog, FormDialogFooter } from '@client/components/form-dialog';
import { FormField } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { NativeSelect } from '@client/components/ui/native-select';
import { toast } from '@client/components/ui/use-toast';
import { useSaveLocation, type CompanyScope } from '../api/companies';
import { LOCATION_KIND_LABELS } from '../lib/labels';

const FIELDS = ['name', 'contactName', 'phone', 'street', 'street2', 'city', 'state', 'zip', 'kind', 'isDefault'] as const;
const EMPTY: LocationInput = { name: '', contactName: '', phone: '', street: '', street2: '', city: '', state: '', zip: '', kind: 'ship_to', isDefault: false };

/** Add or edit a ship-to or bill-to address, checked as the checkout checks a ship-to. */
export function LocationDialog({
  open,
  onOpenChange,
  scope,
  location,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  scope: CompanyScope;
  location?: LocationView;
}) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={location ? 'Edit Location' : 'Add Location'}
      description="Buyers pick a ship-to at checkout; the default of each kind comes first."
      className="max-w-2xl"
    >
      <LocationForm scope={scope} location={location} onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

function LocationForm({ scope, location, onDone }: { scope: CompanyScope; location?: LocationView; onDone: () => void }) {
  const mutation = useSaveLocation(scope);
  const form = useForm<LocationInput, unknown, LocationBody>({
    resolver: zodResolver(locationBody),
    defaultValues: location ? { ...location, street2: location.street2 ?? '' } : EMPTY,
  });
  const { errors } = form.formState;
  const kind = useWatch({ control: form.control, name: 'kind' }) ?? 'ship_to';
  const submit = form.handleSubmit(async (body) => {
    try {
      await mutation.mutateAsync({ id: location?.id, body });
      toast({ title: location ? 'Location saved' : 'Location added', description: body.name, variant: 'success' });
      onDone();
    } catch (error) {
      applyFieldErrors(error, [...FIELDS], form.setError);
      toast({ title: 'Failed to save the location', description: errorMessage(error, 'Please try again.'), variant: 'destructive' });
    }
  });
  return (
    <form noValidate onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
      <FormField label="Kind" error={errors.kind?.message}>
        {(control) => (
          <NativeSelect {...control} {...form.register('kind')}>
            {LOCATION_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {LOCATION_KIND_LABELS[kind]}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
      <FormField label="Location name" error={errors.name?.message} hint="Store, warehouse or office.">
        {(control) => <Input {...control} autoFocus autoComplete="organization" {...form.register('name')} />}
      </FormField>
      <FormField label="Contact name" error={errors.contactName?.message}>
        {(control) => <Input {...control} autoComplete="name" {...form.register('contactName')} />}
      </FormField>
      <FormField label="Phone" error={errors.phone?.message}>
        {(control) => <Input {...control} type="tel" autoComplete="tel" {...form.register('phone')} />}
      </FormField>
      <FormField label="Street address" error={errors.street?.message}>
        {(control) => <Input {...control} autoComplete="address-line1" {...form.register('street')} />}
      </FormField>
      <FormField label="Suite or unit (optional)" error={errors.street2?.message}>
        {(control) => <Input {...control} autoComplete="address-line2" {...form.register('street2')} />}
      </FormField>
      <FormField label="City" error={errors.city?.message}>
        {(control) => <Input {...control} autoComplete="address-level2" {...form.register('city')} />}
      </FormField>
      <div className="grid grid-cols-2 gap-4">
        <FormField label="State" error={errors.state?.message}>
          {(control) => <Input {...control} autoComplete="address-level1" maxLength={2} {...form.register('state')} />}
        </FormField>
        <FormField label="ZIP" error={errors.zip?.message}>
          {(control) => <Input {...control} autoComplete="postal-code" inputMode="numeric" {...form.register('zip')} />}
        </FormField>
      </div>
      <label className="flex items-center gap-3 text-sm sm:col-span-2">
        <input type="checkbox" className="size-5 accent-accent" {...form.register('isDefault')} />
        Default {LOCATION_KIND_LABELS[kind].toLowerCase()} of the company
      </label>
      <FormDialogFooter className="sm:col-span-2" submitLabel={location ? 'Save Location' : 'Add Location'} pendingLabel="Saving..." pending={mutation.isPending} />
    </form>
  );
}
