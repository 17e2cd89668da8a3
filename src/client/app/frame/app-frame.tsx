import { useMemo, useRef, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import type { CurrentUser } from '@common/contracts/auth';
import { ORDERING_PERMISSION } from '@common/domain/permissions';
import { BackLink } from '@client/components/back-link';
import { BrandLogo } from '@client/components/brand-logo';
import { FrameContext, type FrameTitle } from '@client/components/page-frame';
import { CartLink } from '@client/features/cart/components/cart-link';
import { isFieldUser } from '@client/features/field-mode/lib/device-user';
import { AccountMenuOnDemand } from './account-menu-on-demand';
import { AdminMenuOnDemand } from './admin-menu-on-demand';
import { FieldCartLink } from './field-cart-link';
import { ActingBanner, OrderForDealerButton } from './order-for-dealer';
import { SwitchToAdminButton } from './switch-to-admin-button';
import { useFrameHeight } from './use-frame-height';

/**
 * The one frame of every signed-in page (ADR 0055): the brand (home), the
 * page's back arrow and title, the cart with its live item count where the role can
 * order, and the account menu. An opaque sticky bar, so rows never show through.
 *
 * Phones: brand, cart and account on the first row; back and the whole title (it
 * wraps, never cut) on the second. From sm up: one row.
 */
export function AppFrame({ user, children }: { user: CurrentUser; children: ReactNode }) {
  const [title, setTitle] = useState<FrameTitle | null>(null);
  const header = useRef<HTMLElement>(null);
  useFrameHeight(header);
  const actingAsOtherRole = user.role === 'admin' && user.activeRole !== null && user.activeRole !== 'admin';
  const frame = useMemo(
    () => ({ setTitle, unauthorizedAction: actingAsOtherRole ? <SwitchToAdminButton /> : undefined }),
    [actingAsOtherRole],
  );
  const canOrder = user.permissions.includes(ORDERING_PERMISSION);
  // A rep's count includes the writes waiting on the device (field mode).
  const fieldRep: boolean = isFieldUser(user);

  return (
    <FrameContext.Provider value={frame}>
      <div className="min-h-dvh">
        <header ref={header} className="sticky top-0 z-20 border-b border-border bg-surface print:static print:border-0">
          <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-2 px-2 py-1.5 sm:flex-nowrap sm:gap-x-3 sm:px-4">
            <Link href="/dashboard" className="order-1 shrink-0 rounded-md p-1" aria-label="BOLD Portal home">
              <BrandLogo />
            </Link>
            <div className="order-3 flex w-full min-w-0 items-center gap-1 pb-0.5 sm:order-2 sm:w-auto sm:flex-1 sm:border-l sm:border-border sm:pb-0 sm:pl-2">
              {title?.backHref && <BackLink href={title.backHref} label={title.backLabel} className="-ml-1 shrink-0 print:hidden" />}
              {title && (
                <h1 className="min-w-0 py-1 text-lg leading-tight font-semibold tracking-tight break-words sm:truncate sm:text-xl" title={title.title}>
                  {title.title}
                </h1>
              )}
            </div>
            {/* Phones: takes the rest of the first row (basis 0, so it never wraps) and the PO name truncates into it. */}
            <div className="order-2 ml-auto flex min-w-0 flex-1 basis-0 items-center justify-end gap-1 sm:order-3 sm:flex-none sm:basis-auto print:hidden">
              <OrderForDealerButton user={user} />
              {canOrder && (fieldRep ? <FieldCartLink user={user} /> : <CartLink activeRole={user.activeRole} />)}
              {user.activeRole === 'admin' && <AdminMenuOnDemand user={user} />}
              <AccountMenuOnDemand user={user} />
            </div>
          </div>
          <ActingBanner user={user} />
        </header>
        {children}
      </div>
    </FrameContext.Provider>
  );
}
