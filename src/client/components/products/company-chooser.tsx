import { useId, useState } from 'react';
import { CompanyCombobox, type CompanyChoice } from '@client/components/company-combobox';
import { Button } from '@client/components/ui/button';
import { Label } from '@client/components/ui/label';

/**
 * An admin's choice of whose prices a catalogue page shows (docs/decisions/0232): a company found by
 * its name or account number, kept in the URL by the page (`?company=`); none shows base prices.
 */
export function CompanyChooser({
  companyId,
  onChoose,
  problem,
  companyName,
}: {
  companyId: number | null;
  onChoose: (companyId: number | null) => void;
  /** Why the chosen company's prices are not shown (no such company). */
  problem?: string | null;
  /** The chosen company's name, once its prices arrived. */
  companyName?: string | null;
}) {
  const id = useId();
  // The company picked here keeps its name and account number; one named by the URL alone is known
  // by its number until its prices (and name) arrive.
  const [picked, setPicked] = useState<CompanyChoice | null>(null);
  const value =
    companyId === null ? null : picked?.id === companyId ? picked : { id: companyId, name: companyName ?? `Company ${companyId}`, accountNumber: null };
  return (
    <div role="group" aria-labelledby={`${id}-label`} className="flex flex-wrap items-end gap-2">
      <div className="grid w-full gap-1 sm:w-80">
        <Label id={`${id}-label`} htmlFor={id}>
          Prices for company
        </Label>
        <CompanyCombobox
          id={id}
          value={value}
          onChange={(company) => {
            setPicked(company);
            onChoose(company?.id ?? null);
          }}
          placeholder="Base prices: type a name or account number"
          aria-invalid={Boolean(problem) || undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
        />
      </div>
      {companyId !== null && (
        <Button type="button" variant="ghost" size="sm" className="max-sm:min-h-11" onClick={() => onChoose(null)}>
          Base prices
        </Button>
      )}
      {companyId !== null && companyName && !problem && (
        <p role="status" className="basis-full text-sm text-muted-foreground">
          Showing the prices of {companyName}
        </p>
      )}
      {problem && (
        <p id={`${id}-problem`} role="alert" className="basis-full text-sm text-destructive">
          {problem}
        </p>
      )}
    </div>
  );
}
