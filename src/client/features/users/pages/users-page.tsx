import { Plus, ShieldCheck, Upload } from 'lucide-react';
import { useState } from 'react';
import type { CurrentUser } from '@common/contracts/auth';
import type { UserView } from '@common/contracts/users';
import { hasPermission } from '@common/domain/permissions';
import { errorMessage } from '@client/lib/api-client';
import { ConfirmDialog } from '@client/components/confirm-dialog';
import { Page } from '@client/components/page-frame';
import { UnauthorizedPage } from '@client/components/unauthorized-page';
import { Alert, AlertDescription, AlertTitle } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { Spinner } from '@client/components/ui/spinner';
import { toast } from '@client/components/ui/use-toast';
import { useDeleteUser } from '../api/delete-user';
import { useUsers } from '../api/get-users';
import { useResetUserPassword } from '../api/reset-user-password';
import { CreateUserDialog } from '../components/create-user-dialog';
import { EditUserDialog } from '../components/edit-user-dialog';
import { ImportUsersDialog } from '../components/import-users-dialog';
import { PasswordToolsDialog } from '../components/password-tools-dialog';
import { showTemporaryPassword } from '../components/temporary-password-toast';
import { UsersFilters, UsersPager } from '../components/users-filters';
import { UsersTable } from '../components/users-table';
import { useUsersQuery } from '../lib/use-users-query';

type OpenDialog = 'create' | 'import' | 'tools' | null;

/**
 * /users and /admin/password-reset ("User management"): the same screen; the
 * second opens with the Password Reset Admin Tools. Needs manage_users.
 */
export function UsersPage({ user, toolsOpenAtStart = false, onToolsClosed }: { user: CurrentUser; toolsOpenAtStart?: boolean; onToolsClosed?: () => void }) {
  if (!hasPermission(user.activeRole, 'manage_users')) return <UnauthorizedPage />;
  return <UserManagement currentUser={user} toolsOpenAtStart={toolsOpenAtStart} onToolsClosed={onToolsClosed} />;
}

function UserManagement({ currentUser, toolsOpenAtStart, onToolsClosed }: { currentUser: CurrentUser; toolsOpenAtStart: boolean; onToolsClosed?: () => void }) {
  const table = useUsersQuery();
  const users = useUsers(table.query);
  const [dialog, setDialog] = useState<OpenDialog>(toolsOpenAtStart ? 'tools' : null);
  const [editing, setEditing] = useState<UserView | null>(null);
  const [deleting, setDeleting] = useState<UserView | null>(null);
  const [resetting, setResetting] = useState<UserView | null>(null);
  const deleteUser = useDeleteUser();
  const resetPassword = useResetUserPassword();

  const closeDialog = (next: boolean) => {
    if (next) return;
    if (dialog === 'tools') onToolsClosed?.();
    setDialog(null);
  };

  return (
    <Page
      title="User Management"
      description="Create accounts, edit profiles and roles, reset passwords."
      actions={
        <>
          <Button variant="outline" onClick={() => setDialog('tools')}>
            <ShieldCheck aria-hidden />
            Password Reset Admin Tools
          </Button>
          <Button variant="outline" onClick={() => setDialog('import')}>
            <Upload aria-hidden />
            Import Users
          </Button>
          <Button onClick={() => setDialog('create')}>
            <Plus aria-hidden />
            Create User
          </Button>
        </>
      }
    >
      <UsersFilters filters={table.filters} onChange={table.change} />

      {users.isPending && (
        <div className="flex items-center gap-2 py-8 text-muted-foreground">
          <Spinner /> Loading users...
        </div>
      )}
      {users.isError && (
        <Alert variant="destructive">
          <AlertTitle>Could not load users</AlertTitle>
          <AlertDescription>{errorMessage(users.error, 'Please try again.')}</AlertDescription>
          <Button variant="outline" size="sm" className="mt-2 w-fit" onClick={() => void users.refetch()}>
            Retry
          </Button>
        </Alert>
      )}
      {users.data && (
        <div className={users.isPlaceholderData ? 'grid gap-3 opacity-60 transition-opacity' : 'grid gap-3'} aria-busy={users.isFetching}>
          <UsersPager
            page={users.data.page}
            pageSize={users.data.pageSize}
            total={users.data.total}
            onPage={table.goToPage}
            onPageSize={(pageSize) => table.change({ pageSize })}
          />
          {users.data.users.length === 0 ? (
            <p className="rounded-card border border-dashed border-border p-8 text-center text-muted-foreground">
              No users match your search.
            </p>
          ) : (
            <UsersTable
              users={users.data.users}
              currentUserId={currentUser.id}
              sort={{ sort: table.filters.sort, dir: table.filters.dir }}
              onSort={table.sortBy}
              onEdit={setEditing}
              onResetPassword={setResetting}
              onDelete={setDeleting}
            />
          )}
        </div>
      )}

      <CreateUserDialog open={dialog === 'create'} onOpenChange={closeDialog} />
      <ImportUsersDialog open={dialog === 'import'} onOpenChange={closeDialog} />
      <PasswordToolsDialog open={dialog === 'tools'} onOpenChange={closeDialog} />
      <EditUserDialog user={editing} currentUserId={currentUser.id} onOpenChange={(open) => !open && setEditing(null)} />

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Are you sure?"
        description={`This action cannot be undone. ${deleting?.username ?? 'The user'} will be deleted and signed out everywhere; their orders and activity stay on record.`}
        confirmLabel="Delete User"
        pendingLabel="Deleting..."
        pending={deleteUser.isPending}
        onConfirm={() => {
          if (!deleting) return;
          deleteUser.mutate(deleting.id, {
            onSuccess: () => toast({ title: 'User Deleted', description: `${deleting.username} has been deleted.`, variant: 'success' }),
            onError: (error) => toast({ title: 'Failed to delete user', description: errorMessage(error, 'Failed to delete user'), variant: 'destructive' }),
            onSettled: () => setDeleting(null),
          });
        }}
      />
      <ConfirmDialog
        open={resetting !== null}
        onOpenChange={(open) => !open && setResetting(null)}
        title={`Reset the password of ${resetting?.username ?? 'this user'}?`}
        description="A temporary password is generated and shown for a few seconds. The user is signed out everywhere and must choose a new password at next sign-in."
        confirmLabel="Reset Password"
        pendingLabel="Resetting..."
        destructive={false}
        pending={resetPassword.isPending}
        onConfirm={() => {
          if (!resetting) return;
          resetPassword.mutate(resetting.id, {
            onSuccess: (result) => showTemporaryPassword(result.username, result.temporaryPassword),
            onError: (error) =>
              toast({ title: 'Failed to reset password', description: errorMessage(error, 'Failed to reset password'), variant: 'destructive' }),
            onSettled: () => setResetting(null),
          });
        }}
      />
    </Page>
  );
}
