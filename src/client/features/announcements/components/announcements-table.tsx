import { Trash2 } from 'lucide-react';
import type { AnnouncementView } from '@common/contracts/announcements';
import { Button } from '@client/components/ui/button';
import { Switch } from '@client/components/ui/switch';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@client/components/ui/table';

const createdFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });

export interface AnnouncementRowActions {
  onToggle: (announcement: AnnouncementView, isActive: boolean) => void;
  onDelete: (announcement: AnnouncementView) => void;
}

/** The Status switch always says Active or Inactive beside it (UI.md: never colour alone). */
function StatusSwitch({ announcement, onToggle }: { announcement: AnnouncementView; onToggle: AnnouncementRowActions['onToggle'] }) {
  const id = `announcement-status-${announcement.id}`;
  return (
    <div className="flex items-center gap-2">
      <Switch
        id={id}
        checked={announcement.isActive}
        onCheckedChange={(checked) => onToggle(announcement, checked)}
        aria-label={`Show "${announcement.title}" to salespeople`}
      />
      <label htmlFor={id} className="w-14 text-sm">
        {announcement.isActive ? 'Active' : 'Inactive'}
      </label>
    </div>
  );
}

function DeleteButton({ announcement, onDelete }: { announcement: AnnouncementView; onDelete: AnnouncementRowActions['onDelete'] }) {
  return (
    <Button
      variant="ghost"
      size="icon"
      className="text-destructive hover:bg-destructive-soft hover:text-destructive"
      aria-label={`Delete announcement: ${announcement.title}`}
      onClick={() => onDelete(announcement)}
    >
      <Trash2 aria-hidden />
    </Button>
  );
}

/** Spec §2 table: Title, Message, Created By, Created At, Status switch, delete. Cards on phones. */
export function AnnouncementsTable({ announcements, onToggle, onDelete }: AnnouncementRowActions & { announcements: AnnouncementView[] }) {
  return (
    <>
      <Table containerClassName="hidden md:block">
        <TableHeader>
          <TableRow>
            <TableHead>Title</TableHead>
            <TableHead>Message</TableHead>
            <TableHead>Created By</TableHead>
            <TableHead>Created At</TableHead>
            <TableHead>Status</TableHead>
            <TableHead>
              <span className="sr-only">Delete</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {announcements.map((a) => (
            <TableRow key={a.id}>
              <TableCell className="max-w-48 font-medium">{a.title}</TableCell>
              <TableCell className="max-w-md">
                <p className="line-clamp-3 whitespace-pre-line text-muted-foreground" title={a.message}>
                  {a.message}
                </p>
              </TableCell>
              <TableCell>{a.createdByUsername ?? '—'}</TableCell>
              <TableCell className="nums whitespace-nowrap">{createdFormat.format(new Date(a.createdAt))}</TableCell>
              <TableCell>
                <StatusSwitch announcement={a} onToggle={onToggle} />
              </TableCell>
              <TableCell className="py-1 text-right">
                <DeleteButton announcement={a} onDelete={onDelete} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>

      <ul className="grid gap-3 md:hidden" aria-label="Announcements">
        {announcements.map((a) => (
          <li key={a.id} className="rounded-card border border-border bg-surface p-4 shadow-xs">
            <div className="flex items-start justify-between gap-2">
              <h2 className="pt-2 font-semibold">{a.title}</h2>
              <DeleteButton announcement={a} onDelete={onDelete} />
            </div>
            <p className="mt-1 text-sm whitespace-pre-line text-muted-foreground">{a.message}</p>
            <p className="mt-2 text-xs text-muted-foreground">
              {a.createdByUsername ?? 'Unknown'} · <span className="nums">{createdFormat.format(new Date(a.createdAt))}</span>
            </p>
            <div className="mt-3 flex min-h-11 items-center border-t border-border pt-2">
              <StatusSwitch announcement={a} onToggle={onToggle} />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
