import { LAST_INVENTORY_UPDATE } from '@common/contracts/settings';
import { formatLastUpdated } from '@common/domain/format';
import { useSystemSetting } from '@client/api/get-system-settings';

/** Spec §2: the Check Stock tile's "Last Updated" line, or "No update history". */
export function InventoryUpdatedLine() {
  const setting = useSystemSetting(LAST_INVENTORY_UPDATE);
  // A failed settings call must not hide the tile; the line is just left out.
  if (setting.isError) return null;
  if (setting.isPending) {
    return <span className="block h-4 w-40 animate-pulse rounded bg-muted" aria-hidden />;
  }
  return (
    <span className="nums text-xs font-medium text-foreground/80">
      {setting.data ? `Last Updated: ${formatLastUpdated(setting.data)}` : 'No update history'}
    </span>
  );
}
