import { X } from 'lucide-react';
import type { SearchChip, SearchOption, SmartSearchResult } from '@common/domain/smart-search';

/**
 * One name per concept on every screen (docs/decisions/0213): the size of a tile is its "Format",
 * as the table column and the dropdown say.
 */
export const FACET_LABEL: Record<SearchChip['facet'], string> = {
  size: 'Format',
  line: 'Line',
  color: 'Color',
  finish: 'Finish',
  text: 'Text',
  either: 'Line or color',
};

const OPTION_LABEL: Record<SearchOption['facet'], string> = { line: 'Line', color: 'Color', finish: 'Finish' };

/** A dropdown's value shown as a chip, so chips list every filter applied (docs/decisions/0213). */
export interface FilterChip {
  key: string;
  label: string;
  value: string;
  onRemove: () => void;
}

/**
 * axe (docs/decisions/0213): the facet word is drawn in the full accent colour (the 75% tint
 * measured 4.14:1 on the chip), and a chip's name starts with its visible text ("Format 12x24
 * (remove from the search)") instead of an aria-label that reworded it.
 */
const CHIP_CLASS =
  'group inline-flex min-h-8 items-center gap-1 rounded-full border border-accent/25 bg-accent-soft py-0.5 pr-1.5 pl-2.5 text-xs text-accent hover:border-accent/50 max-md:min-h-11';

function RemovableChip({ label, text, onRemove }: { label: string; text: string; onRemove: () => void }) {
  return (
    <button type="button" onClick={onRemove} className={CHIP_CLASS}>
      <span className="font-medium">{label}</span> <span className="font-semibold">{text}</span>
      <span className="sr-only"> (remove from the search)</span>
      <X className="size-3.5 opacity-70 group-hover:opacity-100" aria-hidden />
    </button>
  );
}

function chipText(chip: SearchChip): string {
  const values = chip.facet === 'text' ? chip.values.map((v) => `“${v}”`) : chip.values;
  return values.join(' or ');
}

/**
 * What the smart search understood: a chip per size, line, colour,
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
      <span className="font-medium">{options.map((o) => OPTION_LABEL[o.facet]).join(' or ')}?</span>
      {options.map((option) => (
        <button
          key={option.facet}
          type="button"
          onClick={() => onPick(option.facet)}
          className="rounded-full border border-accent/30 bg-background px-2 py-0.5 font-medium hover:border-accent max-md:min-h-9"
        >
          {OPTION_LABEL[option.facet]} {option.value}
          <span className="sr-only"> (search this only)</span>
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
  filterChips = [],
  onRemove,
  onPick,
}: {
  search: SmartSearchResult;
  filterChips?: readonly FilterChip[];
  onRemove: (chip: SearchChip) => void;
  onPick: (chip: SearchChip, facet: SearchOption['facet']) => void;
}) {
  if (search.chips.length === 0 && filterChips.length === 0) return null;
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
        return (
          <RemovableChip
            key={`${chip.facet}-${chip.tokens.join('-')}`}
            label={FACET_LABEL[chip.facet]}
            text={chipText(chip)}
            onRemove={() => onRemove(chip)}
          />
        );
      })}
      {filterChips.map((chip) => (
        <RemovableChip key={`filter-${chip.key}`} label={chip.label} text={chip.value} onRemove={chip.onRemove} />
      ))}
    </div>
  );
}
