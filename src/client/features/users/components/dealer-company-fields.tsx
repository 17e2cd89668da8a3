import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { CompanyCombobox, type CompanyChoice } from '@client/components/company-combobox';
import { FormField } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@client/components/ui/radio-group';

/** Where a new dealer goes (docs/decisions/0230): a company found by name or account number, or a new one by name. */
export type DealerCompany = { kind: 'existing'; company: CompanyChoice | null } | { kind: 'new' };

export const NO_DEALER_COMPANY: DealerCompany = { kind: 'existing', company: null };
export const CHOOSE_COMPANY_MESSAGE = 'Choose the company, or choose A new company';

/**
 * Create User's company for a BOLD Customer. An existing company is sent by id; a new one by its name
 * (the `company` field), which the server joins when a company of that name exists, else creates
 * (`placeNewDealer`, docs/decisions/0230).
 */
export function DealerCompanyFields({
  value,
  onChange,
  registerName,
  error,
  nameError,
}: {
  value: DealerCompany;
  onChange: (value: DealerCompany) => void;
  /** The new company's name is the form's `company` field. */
  registerName: UseFormRegisterReturn;
  error?: string;
  nameError?: string;
}) {
  const id = useId();
  return (
    <fieldset className="grid gap-3 border-t border-border pt-4 sm:col-span-2">
      <legend className="float-left mb-1 text-sm font-semibold">Dealer&apos;s company</legend>
      <RadioGroup
        value={value.kind}
        onValueChange={(kind) => onChange(kind === 'new' ? { kind: 'new' } : NO_DEALER_COMPANY)}
        className="clear-both flex flex-wrap gap-x-6 gap-y-1"
        aria-label="Dealer's company"
      >
        <div className="flex min-h-11 items-center gap-2">
          <RadioGroupItem value="existing" id={`${id}-existing`} />
          <Label htmlFor={`${id}-existing`}>An existing company</Label>
        </div>
        <div className="flex min-h-11 items-center gap-2">
          <RadioGroupItem value="new" id={`${id}-new`} />
          <Label htmlFor={`${id}-new`}>A new company</Label>
        </div>
      </RadioGroup>
      {value.kind === 'existing' ? (
        <FormField label="Company" error={error} hint="Find it by name or account number. The dealer joins it as a buyer (its company admin, if it has none).">
          {(control) => <CompanyCombobox {...control} value={value.company} onChange={(company) => onChange({ kind: 'existing', company })} />}
        </FormField>
      ) : (
        <FormField
          label="New company's name"
          error={nameError}
          hint="The dealer becomes its company admin. A company of this exact name is joined instead; blank names it after the store, the person or the username."
        >
          {(control) => <Input {...control} autoComplete="off" {...registerName} />}
        </FormField>
      )}
    </fieldset>
  );
}
