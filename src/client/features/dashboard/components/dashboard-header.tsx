import { ArrowLeftRight } from 'lucide-react';
import { Link } from 'wouter';
import type { CurrentUser } from '@common/contracts/auth';
import { displayName } from '@common/domain/display-name';
import { ROLE_LABELS } from '@common/domain/permissions';
import { BrandLogo } from '@client/components/brand-logo';
import { Button } from '@client/components/ui/button';

/** The brand, who is signed in and in which role; admins may switch role (spec §6). */
export function DashboardHeader({ user }: { user: CurrentUser }) {
  return (
    <header className="sticky top-0 z-10 border-b border-border bg-surface/95 backdrop-blur supports-[backdrop-filter]:bg-surface/85">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-3 px-4 py-2 sm:px-6">
        <Link href="/dashboard" className="rounded-md py-1" aria-label="BOLD Portal dashboard">
          <BrandLogo />
        </Link>
        <div className="flex min-w-0 items-center gap-3">
          <div className="flex min-w-0 flex-col items-end text-right">
            {/* On phones the welcome heading already names the user. */}
            <span className="hidden max-w-xs truncate text-sm font-semibold sm:block">{displayName(user)}</span>
            {user.activeRole && (
              <span className="text-xs text-muted-foreground">
                <span className="sr-only">Role: </span>
                {ROLE_LABELS[user.activeRole]}
              </span>
            )}
          </div>
          {user.role === 'admin' && (
            <Button variant="outline" size="sm" asChild>
              <Link href="/role-select">
                <ArrowLeftRight aria-hidden />
                Switch role
              </Link>
            </Button>
          )}
        </div>
      </div>
    </header>
  );
}
