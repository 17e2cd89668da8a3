import { useId, useState, type FormEvent } from 'react';
import { Button } from '@client/components/ui/button';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { pageToJumpTo } from '../lib/log-filters';
import { formatCount } from '@common/domain/format';

/**
 * "Go to page": a page number and Go (Enter works too). `last` is the last page, or null
 * when the total is capped and the last page is not known (docs/decisions/0022).
 */
export function PageJump({ current, last, onJump }: { current: number; last: number | null; onJump: (page: number) => void }) {
  const id = useId();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const page = pageToJumpTo(value, last);
    if (page === null) {
      setError(last === null ? 'Enter a page number of 1 or more' : `Enter a page from 1 to ${formatCount(last)}`);
      return;
    }
    setError(null);
    setValue('');
    if (page !== current) onJump(page);
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-wrap items-center gap-2">
      <Label htmlFor={id} className="text-sm">
        Go to page
      </Label>
      <Input
        id={id}
        inputMode="numeric"
        pattern="[0-9]*"
        className="w-20"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => {
          setValue(event.target.value);
          setError(null);
        }}
      />
      <Button type="submit" variant="outline">
        Go
      </Button>
      {error && (
        <p id={`${id}-error`} role="alert" className="basis-full text-sm text-destructive">
          {error}
        </p>
      )}
    </form>
  );
}
