import { Megaphone, Plus } from 'lucide-react';
import { useState } from 'react';
import type { AnnouncementView } from '@common/contracts/announcements';
import type { CurrentUser } from '@common/contracts/auth';
import { errorMessage } from '@client/lib/api-client';
import { ConfirmDialog } from '@client/components/confirm-dialog';
import { Page } from '@client/components/page-frame';
import { UnauthorizedPage } from '@client/components/unauthorized-page';
import { Alert, AlertDescription, AlertTitle } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { Spinner } from '@client/components/ui/spinner';
import { toast } from '@client/components/ui/use-toast';
import { useDeleteAnnouncement } from '../api/delete-announcement';
import { useAnnouncements } from '../api/get-announcements';
import { useUpdateAnnouncement } from '../api/update-announcement';
import { AnnouncementsTable } from '../components/announcements-table';
import { EditAnnouncementDialog } from '../components/edit-announcement-dialog';
import { NewAnnouncementDialog } from '../components/new-announcement-dialog';

/** /admin/announcements (Manage Announcements), for the admin role. */
export function ManageAnnouncementsPage({ user }: { user: CurrentUser }) {
  if (user.activeRole !== 'admin') return <UnauthorizedPage />;
  return <ManageAnnouncements />;
}

function ManageAnnouncements() {
  const announcements = useAnnouncements();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<AnnouncementView | null>(null);
  const [editing, setEditing] = useState<AnnouncementView | null>(null);
  const update = useUpdateAnnouncement();
  const remove = useDeleteAnnouncement();

  return (
    <Page
      title="Manage Announcements"
      description="Broadcast news to salespeople; active ones show on their dashboard."
      actions={
        <Button onClick={() => setCreating(true)}>
          <Plus aria-hidden />
          New Announcement
        </Button>
      }
    >
      {announcements.isPending && (
        <div className="flex items-center gap-2 py-8 text-muted-foreground">
          <Spinner /> Loading announcements...
        </div>
      )}
      {announcements.isError && (
        <Alert variant="destructive">
          <AlertTitle>Could not load announcements</AlertTitle>
          <AlertDescription>{errorMessage(announcements.error, 'Please try again.')}</AlertDescription>
        </Alert>
      )}
      {announcements.data?.length === 0 && (
        <div className="flex flex-col items-center gap-2 rounded-card border border-dashed border-border px-4 py-12 text-center">
          <Megaphone className="size-8 text-muted-foreground" aria-hidden />
          <p className="font-medium">No announcements yet</p>
          <p className="text-sm text-muted-foreground">Create one with New Announcement; salespeople see active ones on their dashboard.</p>
        </div>
      )}
      {announcements.data && announcements.data.length > 0 && (
        <AnnouncementsTable
          announcements={announcements.data}
          onToggle={(a, isActive) =>
            update.mutate(
              { id: a.id, isActive },
              {
                onError: (error) =>
                  toast({ title: 'Failed to update announcement', description: errorMessage(error, 'Please try again.'), variant: 'destructive' }),
              },
            )
          }
          onDelete={setDeleting}
          onEdit={setEditing}
        />
      )}

      <NewAnnouncementDialog open={creating} onOpenChange={setCreating} />
      <EditAnnouncementDialog announcement={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete this announcement?"
        description={`"${deleting?.title ?? ''}" will be removed for everyone. This action cannot be undone.`}
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        pending={remove.isPending}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: () => toast({ title: 'Announcement Deleted', variant: 'success' }),
            onError: (error) =>
              toast({ title: 'Failed to delete announcement', description: errorMessage(error, 'Please try again.'), variant: 'destructive' }),
            onSettled: () => setDeleting(null),
          });
        }}
      />
    </Page>
  );
}
