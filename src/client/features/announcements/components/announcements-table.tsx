import { Pencil, Trash2 } from 'lucide-react';
import type { AnnouncementView } from '@common/contracts/announcements';
import { formatTimestamp } from '@common/domain/format-date';
import { Button } from '@client/components/ui/button';
import { Switch } from '@client/components/ui/switch';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@client/components/ui/table';
import { ExpandableMessage } from './expandable-message';


export interface AnnouncementRowActions {
  onToggle: (announcement: AnnouncementView, isActive: boolean) => void;
  onDelete: (announcement: AnnouncementView) => void;
  onEdit: (announcement: AnnouncementView) => void;
}

/** The Status switch always says Active or Inactive beside it (docs/ui-rules.md: never colour alone). */
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

function EditButton({ announcement, onEdit }: { announcement: AnnouncementView; onEdit: AnnouncementRowActions['onEdit'] }) {
  return (
    <Button variant="ghost" size="icon" aria-label={`Edit announcement: ${announcement.title}`} onClick={() => onEdit(announcement)}>
      <Pencil aria-hidden />
    </Button>
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

/**
 * Table: Title, Message, Created By, Created At, Status switch, delete; beyond the
 * spec, edit, and long messages folded to two lines with Show more. Cards on phones.
 */
export function AnnouncementsTable({ announcements, onToggle, onDelete, onEdit }: AnnouncementRowActions & { announcements: AnnouncementView[] }) {
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
              <span className="sr-only">Edit or delete</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {announcements.map((a) => (
            <TableRow key={a.id}>
              <TableCell className="max-w-48 font-medium">{a.title}</TableCell>
              <TableCell className="max-w-md">
                <ExpandableMessage text={a.message} />
              </TableCell>
              <TableCell>{a.createdByUsername ?? '—'}</TableCell>
              <TableCell className="nums whitespace-nowrap">{formatTimestamp(a.createdAt)}</TableCell>
              <TableCell>
                <StatusSwitch announcement={a} onToggle={onToggle} />
              </TableCell>
              <TableCell className="py-1 text-right whitespace-nowrap">
                <EditButton announcement={a} onEdit={onEdit} />
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
              <h2 className="min-w-0 pt-2 font-semibold break-words">{a.title}</h2>
              <div className="flex shrink-0">
                <EditButton announcement={a} onEdit={onEdit} />
                <DeleteButton announcement={a} onDelete={onDelete} />
              </div>
            </div>
            <ExpandableMessage text={a.message} className="mt-1 text-sm" />
            <p className="mt-2 text-xs text-muted-foreground">
              {a.createdByUsername ?? 'Unknown'} · <span className="nums">{formatTimestamp(a.createdAt)}</span>
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
