import { useId, useState } from 'react';
import { Search, SlidersHorizontal, X } from 'lucide-react';
import { pickSearchOption, removeSearchTokens, type SmartSearchResult } from '@common/domain/smart-search';
import type { StockFilters } from '@common/domain/stock-filters';
import { STOCK_STATUS_FILTER_LABELS, STOCK_STATUS_FILTERS } from '@common/domain/stock-status';
import { Button } from '@client/components/ui/button';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { NativeSelect } from '@client/components/ui/native-select';
import { cn } from '@client/lib/utils';
import type { FilterOptions } from '../lib/use-filtered-products';
import { SearchChips } from './search-chips';

type SelectKey = Exclude<keyof StockFilters, 'search'>;

function FilterSelect({
  label,
  value,
  onChange,
  options,
  anyLabel,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
  anyLabel?: string;
}) {
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id} className="text-xs text-muted-foreground">
        {label}
      </Label>
      <NativeSelect id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        {anyLabel && <option value="">{anyLabel}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

const asOptions = (values: readonly string[]) => values.map((value) => ({ value, label: value }));
const STATUS_OPTIONS = STOCK_STATUS_FILTERS.map((value) => ({ value, label: STOCK_STATUS_FILTER_LABELS[value] }));

/**
 * Spec §2/§3 stock filters: search, line, color, format, finish, SKU range and
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
        onRemove={(chip) => onSearch(removeSearchTokens(filters.search, chip.tokens))}
        onPick={(chip, facet) => onSearch(pickSearchOption(filters.search, chip, facet))}
      />
      <div id={panelId} className={cn('grid-cols-2 gap-3 md:grid md:grid-cols-3 lg:grid-cols-6', open ? 'grid' : 'hidden')}>
        <FilterSelect label="Line" value={filters.line} onChange={(v) => onFilter('line', v)} options={asOptions(options.lines)} anyLabel="All lines" />
        <FilterSelect label="Color" value={filters.color} onChange={(v) => onFilter('color', v)} options={asOptions(options.colors)} anyLabel="All colors" />
        <FilterSelect label="Format" value={filters.format} onChange={(v) => onFilter('format', v)} options={asOptions(options.formats)} anyLabel="All formats" />
        <FilterSelect label="Finish" value={filters.finish} onChange={(v) => onFilter('finish', v)} options={asOptions(options.finishes)} anyLabel="All finishes" />
        <FilterSelect label="SKU range" value={filters.skuRange} onChange={(v) => onFilter('skuRange', v)} options={asOptions(options.skuRanges)} anyLabel="All SKUs" />
        {withStockStatus && (
          <FilterSelect label="Stock status" value={filters.stockStatus} onChange={(v) => onFilter('stockStatus', v)} options={STATUS_OPTIONS} />
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
