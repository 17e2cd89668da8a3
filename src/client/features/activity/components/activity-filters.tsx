import { RotateCcw, X } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { MIN_ACTIVITY_SEARCH_LENGTH } from '@common/contracts/activity';
import { isOneOf } from '@common/domain/one-of';
import { RECORDED_ACTIVITY_TYPES, activityTypeLabel } from '@common/domain/activity-types';
import { Button } from '@client/components/ui/button';
import { Label } from '@client/components/ui/label';
import { NativeSelect } from '@client/components/ui/native-select';
import { SearchInput } from '@client/components/ui/search-input';
import { searchIsUsable, type LogFilters } from '../lib/log-filters';
import { DayFilterInput } from './day-filter-input';

const SEARCH_DELAY_MS = 300;

/**
 * Search box, type filter and Reset; beyond the spec, a date range and the
 * user picked from the table. Typing waits 300 ms before it asks the server.
 */
export function ActivityFilters({
  filters,
  userLabel,
  onChange,
  onReset,
}: {
  filters: LogFilters;
  userLabel: string | null;
  onChange: (patch: Partial<LogFilters>, options?: { replace?: boolean }) => void;
  onReset: () => void;
}) {
  const [draft, setDraft] = useState(filters.search);
  // The URL wins when it changes from outside (Reset, Back).
  const [seen, setSeen] = useState(filters.search);
  if (seen !== filters.search) {
    setSeen(filters.search);
    setDraft(filters.search);
  }

  useEffect(() => {
    if (draft === filters.search) return;
    if (draft.trim() !== '' && !searchIsUsable(draft)) return;
    const timer = setTimeout(() => onChange({ search: draft.trim() }, { replace: true }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [draft, filters.search, onChange]);

  const setFrom = useCallback((from: string) => onChange({ from }, { replace: true }), [onChange]);
  const setTo = useCallback((to: string) => onChange({ to }, { replace: true }), [onChange]);

  const tooShort = draft.trim() !== '' && !searchIsUsable(draft);

  return (
    <div className="grid gap-3">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-[1fr_12rem_10rem_10rem_auto] lg:items-end">
        <div className="col-span-2 grid gap-2 lg:col-span-1">
          <Label htmlFor="activity-search">Search</Label>
          <SearchInput
            id="activity-search"
            placeholder="Description or username"
            value={draft}
            aria-describedby="activity-search-hint"
            onChange={(event) => setDraft(event.target.value)}
          />
        </div>
        <div className="col-span-2 grid gap-2 lg:col-span-1">
          <Label htmlFor="activity-type">Type</Label>
          <NativeSelect
            id="activity-type"
            value={filters.type}
            onChange={(event) => onChange({ type: isOneOf(RECORDED_ACTIVITY_TYPES, event.target.value) ? event.target.value : '' })}
          >
            <option value="">All types</option>
            {/* Only types something records (docs/decisions/0135). */}
            {RECORDED_ACTIVITY_TYPES.map((type) => (
              <option key={type} value={type}>
                {activityTypeLabel(type)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <DayFilterInput id="activity-from" label="From" value={filters.from} max={filters.to} onCommit={setFrom} />
        <DayFilterInput id="activity-to" label="To" value={filters.to} min={filters.from} onCommit={setTo} />
        <Button variant="outline" onClick={onReset} className="col-span-2 lg:col-span-1">
          <RotateCcw aria-hidden />
          Reset
        </Button>
      </div>
      <p id="activity-search-hint" className={tooShort ? 'text-sm text-warning' : 'sr-only'} aria-live="polite">
        {tooShort ? `Type at least ${MIN_ACTIVITY_SEARCH_LENGTH} characters to search.` : ''}
      </p>
      {filters.userId && (
        <div>
          <span className="inline-flex items-center gap-1 rounded-full border border-border bg-surface py-0.5 pr-0.5 pl-3 text-sm">
            User: <span className="font-medium">{userLabel ?? `#${filters.userId}`}</span>
            <Button variant="ghost" size="icon" className="size-11 md:size-7" aria-label="Show every user's activity" onClick={() => onChange({ userId: null })}>
              <X aria-hidden />
            </Button>
          </span>
        </div>
      )}
    </div>
  );
}
