import { useId, useState, type FormEvent } from 'react';
import { Button } from '@client/components/ui/button';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';

/**
 * An admin's choice of whose prices a catalogue page shows (docs/decisions/0232): a company number,
 * kept in the URL by the page (`?company=`); empty shows base prices.
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
  const [text, setText] = useState(companyId === null ? '' : String(companyId));
  // The URL's choice changed (Back, Base prices): the box shows it (React's "adjusting state on a prop change").
  const [shown, setShown] = useState(companyId);
  if (shown !== companyId) {
    setShown(companyId);
    setText(companyId === null ? '' : String(companyId));
  }
  const invalid = text.trim() !== '' && !/^[1-9]\d{0,9}$/.test(text.trim());

  function submit(event: FormEvent) {
    event.preventDefault();
    if (invalid) return;
    onChoose(text.trim() === '' ? null : Number(text.trim()));
  }

  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-2" aria-label="Prices for a company">
      <div className="grid gap-1">
        <Label htmlFor={id}>Prices for company number</Label>
        <Input
          id={id}
          inputMode="numeric"
          className="w-40"
          placeholder="Base prices"
          value={text}
          onChange={(event) => setText(event.target.value)}
          aria-invalid={invalid || Boolean(problem)}
          aria-describedby={invalid || problem ? `${id}-problem` : undefined}
        />
      </div>
      <Button type="submit" variant="outline" size="sm" className="max-sm:min-h-11">
        Show prices
      </Button>
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
      {(invalid || problem) && (
        <p id={`${id}-problem`} role="alert" className="basis-full text-sm text-destructive">
          {invalid ? 'Enter a company number, such as 12' : problem}
        </p>
      )}
    </form>
  );
}
