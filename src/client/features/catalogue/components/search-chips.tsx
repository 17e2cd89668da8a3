import { X } from 'lucide-react';
import type { SearchChip, SearchOption, SmartSearchResult } from '@common/domain/smart-search';

const FACET_LABEL: Record<SearchChip['facet'], string> = {
  size: 'Size',
  line: 'Line',
  color: 'Color',
  finish: 'Finish',
  text: 'Text',
  either: 'Line or color',
};

const OPTION_LABEL: Record<SearchOption['facet'], string> = { line: 'Line', color: 'Color', finish: 'Finish' };

function chipText(chip: SearchChip): string {
  const values = chip.facet === 'text' ? chip.values.map((v) => `“${v}”`) : chip.values;
  return values.join(' or ');
}

/**
 * What the smart search understood (issue 3): a chip per size, line, colour,
 * finish or free text, each removable; removing one takes its words out of the search.
 */
/**
 * A word with several readings ("driftwood": the line Coastal Driftwood or the colour
 * Driftwood) searches for any of them; one button per reading narrows it to that one.
 */
function EitherChip({ chip, onRemove, onPick }: { chip: SearchChip; onRemove: () => void; onPick: (facet: SearchOption['facet']) => void }) {
  const options = chip.options ?? [];
  const word = chip.values.join(' / ');
  return (
    <span className="inline-flex min-h-8 flex-wrap items-center gap-1 rounded-full border border-accent/25 bg-accent-soft py-0.5 pr-1 pl-2.5 text-xs text-accent max-md:min-h-11">
      <span className="font-medium text-accent/75">{options.map((o) => OPTION_LABEL[o.facet]).join(' or ')}?</span>
      {options.map((option) => (
        <button
          key={option.facet}
          type="button"
          onClick={() => onPick(option.facet)}
          aria-label={`Search ${OPTION_LABEL[option.facet]} ${option.value} only`}
          className="rounded-full border border-accent/30 bg-background px-2 py-0.5 font-medium hover:border-accent max-md:min-h-9"
        >
          {OPTION_LABEL[option.facet]} {option.value}
        </button>
      ))}
      <button type="button" onClick={onRemove} aria-label={`Remove ${word} from the search`} className="rounded-full p-1 opacity-70 hover:opacity-100">
        <X className="size-3.5" aria-hidden />
      </button>
    </span>
  );
}

export function SearchChips({
  search,
  onRemove,
  onPick,
}: {
  search: SmartSearchResult;
  onRemove: (chip: SearchChip) => void;
  onPick: (chip: SearchChip, facet: SearchOption['facet']) => void;
}) {
  if (search.chips.length === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-1.5" aria-label="What the search looks for">
      <span className="text-xs text-muted-foreground">Searching for</span>
      {search.chips.map((chip) => {
        if (chip.facet === 'either') {
          return (
            <EitherChip
              key={`either-${chip.tokens.join('-')}`}
              chip={chip}
              onRemove={() => onRemove(chip)}
              onPick={(facet) => onPick(chip, facet)}
            />
          );
        }
        const text = chipText(chip);
        return (
          <button
            key={`${chip.facet}-${chip.tokens.join('-')}`}
            type="button"
            onClick={() => onRemove(chip)}
            aria-label={`Remove ${FACET_LABEL[chip.facet]} ${text} from the search`}
            className="group inline-flex min-h-8 items-center gap-1 rounded-full border border-accent/25 bg-accent-soft py-0.5 pr-1.5 pl-2.5 text-xs text-accent hover:border-accent/50 max-md:min-h-11"
          >
            <span className="font-medium text-accent/75">{FACET_LABEL[chip.facet]}</span>
            <span className="font-semibold">{text}</span>
            <X className="size-3.5 opacity-70 group-hover:opacity-100" aria-hidden />
          </button>
        );
      })}
    </div>
  );
}
