import { useEffect, useRef, useState } from 'react';
import { CircleAlert } from 'lucide-react';
import type { CurrentUser } from '@common/contracts/auth';
import { displayName } from '@common/domain/display-name';
import { selectableRoles, type Role } from '@common/domain/permissions';
import { errorMessage } from '@client/lib/api-client';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { BrandLogo } from '@client/components/brand-logo';
import { Navigate } from '@client/components/navigate';
import { Alert, AlertDescription, AlertTitle } from '@client/components/ui/alert';
import { PageSpinner } from '@client/components/ui/spinner';
import { toast } from '@client/components/ui/use-toast';
import { useChooseRole } from '../api/choose-role';
import { LogoutButton } from '../components/logout-button';
import { RoleCard } from '../components/role-card';
import { postRolePath } from '../lib/post-login-path';

/**
 * / and /role-select ("Select Role"). An admin picks any of the three roles;
 * anyone else sees only their own card. A salesperson never chooses: their role is
 * set (by the server at login, or here as a fallback) and they move straight on.
 */
export function RoleSelectPage({ user }: { user: CurrentUser }) {
  useDocumentTitle('Select Role');
  const [chosen, setChosen] = useState(false);
  const choose = useChooseRole({ onSuccess: () => setChosen(true) });
  const isSalesperson = user.role === 'salesperson';
  const salespersonNeedsRole = isSalesperson && user.activeRole !== 'salesperson';

  // Fallback for a salesperson whose session has no role yet; once, also under StrictMode.
  const autoChosen = useRef(false);
  useEffect(() => {
    if (!salespersonNeedsRole || autoChosen.current) return;
    autoChosen.current = true;
    choose.mutate({ role: 'salesperson' });
  }, [salespersonNeedsRole, choose]);

  if (chosen || (isSalesperson && !salespersonNeedsRole)) return <Navigate to={postRolePath} />;
  if (isSalesperson && !choose.isError) return <PageSpinner />;

  const onChoose = (role: Role) =>
    choose.mutate(
      { role },
      {
        onError: (error) =>
          toast({
            title: 'Role selection failed',
            description: errorMessage(error, 'Please try again.'),
            variant: 'destructive',
          }),
      },
    );

  return (
    <div className="min-h-dvh">
      <header className="border-b border-border bg-surface">
        <div className="mx-auto flex max-w-3xl items-center justify-between gap-4 px-4 py-3">
          <BrandLogo />
          <LogoutButton variant="ghost" />
        </div>
      </header>
      <main className="mx-auto max-w-3xl px-4 py-8 sm:py-12">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Select Role</h1>
        <p className="mt-2 text-muted-foreground">
          Signed in as <span className="font-medium text-foreground">{displayName(user)}</span>. Choose how you want to
          work in this session.
        </p>
        {isSalesperson && choose.isError && (
          <Alert variant="destructive" className="mt-6">
            <CircleAlert aria-hidden />
            <AlertTitle>Role selection failed</AlertTitle>
            <AlertDescription>{errorMessage(choose.error, 'Please try again.')}</AlertDescription>
          </Alert>
        )}
        <ul className="mt-6 grid gap-3" aria-label="Roles">
          {selectableRoles(user.role).map((role) => (
            <li key={role}>
              <RoleCard
                role={role}
                current={user.activeRole === role}
                pending={choose.isPending && choose.variables?.role === role}
                disabled={choose.isPending}
                onChoose={onChoose}
              />
            </li>
          ))}
        </ul>
      </main>
    </div>
  );
}
