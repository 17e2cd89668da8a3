import { LAST_INVENTORY_UPDATE } from '@common/domain/settings-keys';
import { formatLastUpdated } from '@common/domain/format-date';
import { useSystemSetting } from '@client/api/get-system-settings';

/** The Check Stock tile's "Last Updated" line, or "No update history". */
export function InventoryUpdatedLine() {
  const setting = useSystemSetting(LAST_INVENTORY_UPDATE);
  // A failed settings call must not hide the tile; the line is just left out.
  if (setting.isError) return null;
  if (setting.isPending) {
    // Inline, so it sits in the same line box as the text that replaces it (no layout shift).
    return <span className="inline-block h-3 w-40 animate-pulse rounded bg-muted align-middle" aria-hidden />;
  }
  return (
    <span className="nums text-xs font-medium text-foreground/80">
      {setting.data ? `Last Updated: ${formatLastUpdated(setting.data)}` : 'No update history'}
    </span>
  );
}
