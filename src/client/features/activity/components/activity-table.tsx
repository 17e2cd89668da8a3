import type { ActivityLogView } from '@common/contracts/activity';
import { activityTypeLabel } from '@common/domain/activity-types';
import { formatLogTime } from '@common/domain/format-date';
import { Badge } from '@client/components/ui/badge';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@client/components/ui/table';

function UserButton({ log, onFilterUser }: { log: ActivityLogView; onFilterUser: (userId: number, username: string) => void }) {
  if (!log.userId) return <span className="text-muted-foreground">—</span>;
  const name = log.username ?? `#${log.userId}`;
  return (
    <button
      type="button"
      // A 44px target on phones (docs/ui-rules.md); the table row sets its own height on desktop.
      className="inline-flex min-h-11 items-center rounded-sm text-left font-medium text-accent underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-ring md:min-h-0"
      title={`Show only ${name}'s activity`}
      aria-label={`Show only ${name}'s activity`}
      onClick={() => onFilterUser(log.userId!, name)}
    >
      {name}
    </button>
  );
}

/** The description opens the row's details: a real button, so the keyboard reaches it. */
function DetailsButton({ log, onOpen }: { log: ActivityLogView; onOpen: (log: ActivityLogView) => void }) {
  return (
    <button
      type="button"
      aria-haspopup="dialog"
      className="min-h-11 rounded-sm text-left break-words underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-ring md:min-h-0"
      onClick={() => onOpen(log)}
    >
      {log.description}
    </button>
  );
}

/**
 * Table: ID, Type, Description, Username, IP Address, Date & Time. A username
 * filters the log to that user; the description (or a click anywhere else on the row)
 * opens the row's details. Phones get one card per entry.
 */
export function ActivityTable({
  logs,
  onFilterUser,
  onOpen,
}: {
  logs: ActivityLogView[];
  onFilterUser: (userId: number, username: string) => void;
  onOpen: (log: ActivityLogView) => void;
}) {
  return (
    <>
      <Table containerClassName="hidden md:block">
        <TableHeader>
          <TableRow>
            <TableHead className="text-right">ID</TableHead>
            <TableHead>Type</TableHead>
            <TableHead>Description</TableHead>
            <TableHead>Username</TableHead>
            <TableHead>IP Address</TableHead>
            <TableHead>Date &amp; Time</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {logs.map((log) => (
            <TableRow
              key={log.id}
              className="cursor-pointer"
              // A click on the row's own buttons (username, description) is theirs.
              onClick={(event) => {
                if (!(event.target as HTMLElement).closest('button')) onOpen(log);
              }}
            >
              <TableCell className="nums text-right text-muted-foreground">{log.id}</TableCell>
              <TableCell>
                <Badge variant="outline">{activityTypeLabel(log.type)}</Badge>
              </TableCell>
              <TableCell className="max-w-md break-words">
                <DetailsButton log={log} onOpen={onOpen} />
              </TableCell>
              <TableCell>
                <UserButton log={log} onFilterUser={onFilterUser} />
              </TableCell>
              <TableCell className="nums whitespace-nowrap text-muted-foreground">{log.ipAddress ?? '—'}</TableCell>
              <TableCell className="nums whitespace-nowrap">{formatLogTime(log.createdAt)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>

      <ul className="grid gap-2 md:hidden" aria-label="Activity logs">
        {logs.map((log) => (
          <li key={log.id} className="rounded-card border border-border bg-surface p-3 shadow-xs">
            <div className="flex items-center justify-between gap-2">
              <Badge variant="outline">{activityTypeLabel(log.type)}</Badge>
              <span className="nums text-xs text-muted-foreground">#{log.id}</span>
            </div>
            <div className="mt-2 text-sm">
              <DetailsButton log={log} onOpen={onOpen} />
            </div>
            <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
              <UserButton log={log} onFilterUser={onFilterUser} />
              <span className="nums">{formatLogTime(log.createdAt)}</span>
              {log.ipAddress && <span className="nums">{log.ipAddress}</span>}
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
