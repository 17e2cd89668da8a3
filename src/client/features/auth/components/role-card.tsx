import { Briefcase, ChevronRight, ShieldCheck, Store, type LucideIcon } from 'lucide-react';
import { ROLE_DESCRIPTIONS, ROLE_LABELS, type Role } from '@common/domain/permissions';
import { cn } from '@client/lib/utils';
import { Spinner } from '@client/components/ui/spinner';

const ROLE_ICONS: Record<Role, LucideIcon> = {
  admin: ShieldCheck,
  salesperson: Briefcase,
  bold_customer: Store,
};

/** One choice on the Select Role screen: the whole card is the button (a large touch target). */
export function RoleCard({
  role,
  current,
  pending,
  disabled,
  onChoose,
}: {
  role: Role;
  current: boolean;
  pending: boolean;
  disabled: boolean;
  onChoose: (role: Role) => void;
}) {
  const Icon = ROLE_ICONS[role];
  return (
    <button
      type="button"
      onClick={() => onChoose(role)}
      disabled={disabled}
      aria-busy={pending || undefined}
      className={cn(
        'group flex w-full cursor-pointer items-center gap-4 rounded-card border border-border bg-surface p-4 text-left shadow-xs transition-colors sm:p-5',
        'hover:border-accent/50 hover:bg-accent-soft/40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        'disabled:cursor-not-allowed disabled:opacity-60',
        current && 'border-accent/60',
      )}
    >
      <span className="flex size-12 shrink-0 items-center justify-center rounded-lg bg-accent-soft text-accent">
        <Icon className="size-6" aria-hidden />
      </span>
      <span className="flex min-w-0 flex-1 flex-col gap-1">
        <span className="flex flex-wrap items-center gap-2 text-base font-semibold">
          {ROLE_LABELS[role]}
          {current && (
            <span className="rounded-full bg-accent-soft px-2 py-0.5 text-xs font-medium text-accent">Current</span>
          )}
        </span>
        <span className="text-sm text-muted-foreground">{ROLE_DESCRIPTIONS[role]}</span>
      </span>
      {pending ? (
        <Spinner className="size-5 text-accent" />
      ) : (
        <ChevronRight className="size-5 shrink-0 text-muted-foreground transition-transform group-hover:translate-x-0.5" aria-hidden />
      )}
    </button>
  );
}
