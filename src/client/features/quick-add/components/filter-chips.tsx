import { cn } from '@client/lib/utils';

/** One row of toggle chips (spec §2 "filter chips by tile line and size"); choosing the active chip clears it. */
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
    <div role="group" aria-label={label} className="flex flex-wrap items-center gap-2">
      <span className="text-sm font-medium text-muted-foreground">{label}</span>
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
        'min-h-11 rounded-full border px-3 text-sm font-medium transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none md:min-h-8',
        pressed ? 'border-accent bg-accent text-accent-foreground' : 'border-border bg-surface hover:bg-muted',
      )}
    >
      {children}
    </button>
  );
}
