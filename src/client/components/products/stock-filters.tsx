import { memo, useId, useMemo, useState } from 'react';
import { Search, SlidersHorizontal, X } from 'lucide-react';
import { pickSearchOption, removeSearchTokens, type SearchChip, type SmartSearchResult } from '@common/domain/smart-search';
import type { StockFilters } from '@common/domain/stock-filters';
import { STOCK_STATUS_FILTER_LABELS, STOCK_STATUS_FILTERS } from '@common/domain/stock-status';
import { Button } from '@client/components/ui/button';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { NativeSelect } from '@client/components/ui/native-select';
import { cn } from '@client/lib/utils';
import type { FilterOptions } from '@client/lib/products/use-filtered-products';
import { FACET_LABEL, SearchChips, type FilterChip } from './search-chips';

type SelectKey = Exclude<keyof StockFilters, 'search'>;

/** The dropdowns that the smart search can also fill, with the chip facet each one shows. */
const FACET_OF = { line: 'line', color: 'color', format: 'size', finish: 'finish' } as const satisfies Partial<Record<SelectKey, SearchChip['facet']>>;
type FacetKey = keyof typeof FACET_OF;
const FACET_KEYS = Object.keys(FACET_OF) as FacetKey[];
const isFacetKey = (key: SelectKey): key is FacetKey => key in FACET_OF;

/**
 * One state for chips and dropdowns (docs/decisions/0213): a dropdown shows what the search
 * understood for its facet ("12x24" typed shows Format 12x24), choosing in a dropdown replaces the
 * search's words for that facet, and a dropdown's value is a chip too, removed as the others are.
 */
function chipsOf(search: SmartSearchResult, key: FacetKey): SearchChip[] {
  return search.chips.filter((chip) => chip.facet === FACET_OF[key]);
}

function shownValue(filters: StockFilters, search: SmartSearchResult, key: FacetKey): string {
  if (filters[key] !== '') return filters[key];
  const values = chipsOf(search, key).flatMap((chip) => chip.values);
  return values.length === 1 ? values[0]! : '';
}

/**
 * Memoised (ADR 0188): typing re-renders the bar on every key, and the SKU ranges of a 50,000-product
 * catalogue are hundreds of options; a select whose value and options did not change is skipped.
 */
const FilterSelect = memo(function FilterSelect({
  label,
  name,
  value,
  onFilter,
  options,
  anyLabel,
}: {
  label: string;
  name: SelectKey;
  value: string;
  onFilter: (key: SelectKey, value: string) => void;
  options: readonly { value: string; label: string }[];
  anyLabel?: string;
}) {
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id} className="text-xs text-muted-foreground">
        {label}
      </Label>
      <NativeSelect id={id} value={value} onChange={(e) => onFilter(name, e.target.value)}>
        {anyLabel && <option value="">{anyLabel}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
});

const asOptions = (values: readonly string[]) => values.map((value) => ({ value, label: value }));
const STATUS_OPTIONS = STOCK_STATUS_FILTERS.map((value) => ({ value, label: STOCK_STATUS_FILTER_LABELS[value] }));

/**
 * Stock filters: search, line, color, format, finish, SKU range and
 * stock status. Phones fold the dropdowns behind a Filters button.
 */
export function StockFiltersBar({
  filters,
  options,
  search,
  onSearch,
  onFilter,
  onReset,
  withStockStatus = true,
}: {
  filters: StockFilters;
  options: FilterOptions;
  search: SmartSearchResult;
  onSearch: (value: string) => void;
  onFilter: (key: SelectKey, value: string) => void;
  onReset: () => void;
  withStockStatus?: boolean;
}) {
  const searchId = useId();
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const selected = (['line', 'color', 'format', 'finish', 'skuRange'] as const).filter((k) => filters[k] !== '').length +
    (filters.stockStatus !== 'all' ? 1 : 0);
  const anything = selected > 0 || filters.search.trim() !== '';
  const shown = (key: FacetKey) => shownValue(filters, search, key);
  const onChoose = (key: SelectKey, value: string) => {
    if (isFacetKey(key)) {
      const tokens = chipsOf(search, key).flatMap((chip) => chip.tokens);
      if (tokens.length > 0) onSearch(removeSearchTokens(filters.search, tokens));
    }
    onFilter(key, value);
  };
  const filterChips: FilterChip[] = FACET_KEYS.filter((key) => filters[key] !== '').map((key) => ({
    key,
    label: FACET_LABEL[FACET_OF[key]],
    value: filters[key],
    onRemove: () => onFilter(key, ''),
  }));
  const choices = useMemo(
    () => ({
      lines: asOptions(options.lines),
      colors: asOptions(options.colors),
      formats: asOptions(options.formats),
      finishes: asOptions(options.finishes),
      skuRanges: asOptions(options.skuRanges),
    }),
    [options],
  );

  return (
    <section aria-label="Filters" className="grid gap-3">
      <div className="flex items-end gap-2">
        <div className="grid flex-1 gap-1.5">
          <Label htmlFor={searchId} className="text-xs text-muted-foreground">
            Search
          </Label>
          <div className="relative">
            <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
            <Input
              id={searchId}
              type="search"
              value={filters.search}
              onChange={(e) => onSearch(e.target.value)}
              placeholder="Try 12x24 matte, calacatta gold, hex…"
              autoComplete="off"
              spellCheck={false}
              className="pl-9"
            />
          </div>
        </div>
        <Button
          variant="outline"
          className="md:hidden"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((o) => !o)}
        >
          <SlidersHorizontal aria-hidden />
          Filters{selected > 0 ? ` (${selected})` : ''}
        </Button>
      </div>
      <SearchChips
        search={search}
        filterChips={filterChips}
        onRemove={(chip) => onSearch(removeSearchTokens(filters.search, chip.tokens))}
        onPick={(chip, facet) => onSearch(pickSearchOption(filters.search, chip, facet))}
      />
      <div id={panelId} className={cn('grid-cols-2 gap-3 md:grid md:grid-cols-3 lg:grid-cols-6', open ? 'grid' : 'hidden')}>
        <FilterSelect label={FACET_LABEL.line} name="line" value={shown('line')} onFilter={onChoose} options={choices.lines} anyLabel="All lines" />
        <FilterSelect label={FACET_LABEL.color} name="color" value={shown('color')} onFilter={onChoose} options={choices.colors} anyLabel="All colors" />
        <FilterSelect label={FACET_LABEL.size} name="format" value={shown('format')} onFilter={onChoose} options={choices.formats} anyLabel="All formats" />
        <FilterSelect label={FACET_LABEL.finish} name="finish" value={shown('finish')} onFilter={onChoose} options={choices.finishes} anyLabel="All finishes" />
        <FilterSelect label="SKU range" name="skuRange" value={filters.skuRange} onFilter={onFilter} options={choices.skuRanges} anyLabel="All SKUs" />
        {withStockStatus && (
          <FilterSelect label="Stock status" name="stockStatus" value={filters.stockStatus} onFilter={onFilter} options={STATUS_OPTIONS} />
        )}
      </div>
      {anything && (
        <div>
          <Button variant="ghost" size="sm" onClick={onReset} className="-ml-2 text-muted-foreground">
            <X aria-hidden />
            Clear filters
          </Button>
        </div>
      )}
    </section>
  );
}
