import { useEffect, useState } from 'react';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { isCompleteDay } from '../lib/log-filters';

/** Typing pauses this long before a whole date is asked for. */
const DAY_DELAY_MS = 500;

/**
 * A From or To date that queries only once it holds a whole, real day (or is cleared),
 * and only after typing pauses: typing 2026 into the year passes through 0002, 0020 and
 * 0202, none of which is asked for (docs/decisions/0135).
 */
export function DayFilterInput({
  id,
  label,
  value,
  min,
  max,
  onCommit,
}: {
  id: string;
  label: string;
  value: string;
  min?: string;
  max?: string;
  onCommit: (day: string) => void;
}) {
  const [draft, setDraft] = useState(value);
  // The URL wins when it changes from outside (Reset, Back).
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    setDraft(value);
  }

  useEffect(() => {
    if (draft === value) return;
    if (draft !== '' && !isCompleteDay(draft)) return;
    const timer = setTimeout(() => onCommit(draft), DAY_DELAY_MS);
    return () => clearTimeout(timer);
  }, [draft, value, onCommit]);

  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} type="date" value={draft} min={min || undefined} max={max || undefined} onChange={(event) => setDraft(event.target.value)} />
    </div>
  );
}
