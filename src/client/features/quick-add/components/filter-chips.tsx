import { cn } from '@client/lib/utils';

/** One row of toggle chips ("filter chips by tile line and size"); choosing the active chip clears it. */
export function FilterChips({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: readonly string[];
  value: string | null;
  onChange: (next: string | null) => void;
}) {
  return (
    // Phones scroll the chips sideways inside their row instead of stacking a screenful of them.
    <div role="group" aria-label={label} className="-mx-1 flex items-center gap-2 overflow-x-auto px-1 py-1 sm:flex-wrap sm:overflow-visible">
      <span className="shrink-0 text-sm font-medium text-muted-foreground">{label}</span>
      <Chip pressed={value === null} onClick={() => onChange(null)}>
        All
      </Chip>
      {options.map((option) => (
        <Chip key={option} pressed={value === option} onClick={() => onChange(value === option ? null : option)}>
          {option}
        </Chip>
      ))}
    </div>
  );
}

function Chip({ pressed, onClick, children }: { pressed: boolean; onClick: () => void; children: string }) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className={cn(
        'min-h-11 shrink-0 rounded-full border px-3 text-sm font-medium transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none md:min-h-8',
        pressed ? 'border-accent bg-accent text-accent-foreground' : 'border-border bg-surface hover:bg-muted',
      )}
    >
      {children}
    </button>
  );
}
