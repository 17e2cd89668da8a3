import { X } from 'lucide-react';
import type { SearchChip, SmartSearchResult } from '@common/domain/smart-search';

const FACET_LABEL: Record<SearchChip['facet'], string> = {
  size: 'Size',
  line: 'Line',
  color: 'Color',
  finish: 'Finish',
  text: 'Text',
};

function chipText(chip: SearchChip): string {
  const values = chip.facet === 'text' ? chip.values.map((v) => `“${v}”`) : chip.values;
  return values.join(' or ');
}

/**
 * What the smart search understood (issue 3): a chip per size, line, colour,
 * finish or free text, each removable; removing one takes its words out of the search.
 */
export function SearchChips({ search, onRemove }: { search: SmartSearchResult; onRemove: (chip: SearchChip) => void }) {
  if (search.chips.length === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-1.5" aria-label="What the search looks for">
      <span className="text-xs text-muted-foreground">Searching for</span>
      {search.chips.map((chip) => {
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
