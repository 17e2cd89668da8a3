import { CloudOff, RefreshCw } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { Button } from '@client/components/ui/button';
import { useFieldStatus } from '../lib/field-status';
import { stockTime } from './stock-time';

/**
 * Field mode's banner (docs/decisions/0227): offline, how old the stock on this device is and how many
 * changes wait to be sent; and, for everyone, the one-tap offer of a new version of the portal.
 */
export function FieldBanner({ onUpdate }: { onUpdate: () => void }) {
  const status = useFieldStatus();
  const [path] = useLocation();
  const offline = status.active && status.offline;
  if (!offline && !status.updateReady) return null;
  return (
    <div className="sticky top-0 z-50 print:hidden">
      {offline && (
        <div role="status" className="flex flex-wrap items-center justify-center gap-x-3 gap-y-1 bg-warning-soft px-4 py-2 text-sm text-warning">
          <CloudOff className="size-4" aria-hidden />
          <span>
            {status.stockAsOf === null ? 'Offline: no stock saved on this device yet' : `Offline: stock as of ${stockTime(status.stockAsOf)}`}
          </span>
          {status.waiting > 0 && <span>{status.waiting === 1 ? '1 change waiting to send' : `${status.waiting} changes waiting to send`}</span>}
          {path !== '/field' && (
            <Link href="/field" className="font-medium underline underline-offset-2">
              Field sample order
            </Link>
          )}
        </div>
      )}
      {status.updateReady && (
        <div role="status" className="flex flex-wrap items-center justify-center gap-3 bg-accent-soft px-4 py-2 text-sm text-accent">
          <span>A new version of the portal is ready.</span>
          <Button size="sm" onClick={onUpdate}>
            <RefreshCw aria-hidden /> Reload
          </Button>
        </div>
      )}
    </div>
  );
}
