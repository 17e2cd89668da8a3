import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import type { PlaceOrderBody } from '@common/contracts/orders';
import { placementRule } from '@common/domain/company-orders';
import type { CurrentUser } from '@common/contracts/auth';
import { cartDisplayName, cartWording } from '@common/domain/cart-rules';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { PageTitle } from '@client/components/page-frame';
import { Button } from '@client/components/ui/button';
import { orderPayload, shownTotal } from '../api/place-order';
import { useShipToLocations, useSubmitForApproval } from '../api/company-po';
import { CompanyPoStatus } from '../components/company-po-status';
import { chosenLocation, CompanyShipToFields, EMPTY_SHIP_TO_DRAFT, type CompanyShipToChoice } from '../components/company-ship-to';
import { checkShipTo, focusFirstShipToError, type ShipToErrors } from '../components/ship-to-fields';
import { toast } from '@client/components/ui/use-toast';
import { errorMessage } from '@client/lib/api-client';
import { CartContents } from '../components/cart-contents';
import { CartSwitcher } from '../components/cart-switcher';
import { CartEmpty, CartLoadError, CartLoading } from '../components/cart-states';
import { ClearCartButton } from '../components/clear-cart-button';
import { OrderSummary } from '../components/order-summary';
import { emptyExtras, profileShipTo, PurchaseOrderExtrasFields } from '../components/purchase-order-extras';
import { useSavedCheckout } from '../lib/use-saved-checkout';
import { useCheckout } from '../lib/use-checkout';
import { useFreshCarts } from '../lib/use-fresh-carts';
import { PricesChangedAlert } from '../components/prices-changed-alert';
import { PlaceOrderBlockers, PLACE_ORDER_BLOCKERS_ID } from '../components/place-order-blockers';
import { useCartLots } from '../api/get-cart-lots';
import { blockingLines, showLotConflict } from '../lib/lot-conflicts';
import type { DeviceCartWrites } from '../lib/device-writes';
import { DeviceWritesNote } from '../components/device-writes-note';

/**
 * /cart (Cart): Current Sample Order for salespeople (Continue to
 * /order-details), Current Purchase Order for everyone else (Place Order posts
 * at once, then the order's confirmation page, docs/decisions/0208). The active role decides (docs/product-decisions.md).
 */
export function CartPage({ user, deviceWrites }: { user: CurrentUser; deviceWrites?: DeviceCartWrites }) {
  const wording = cartWording(user.activeRole);
  const isSalesperson = wording.kind === 'sample';
  useDocumentTitle(wording.cartTitle);
  const [, navigate] = useLocation();
  // docs/decisions/0206: the prices on screen are refreshed on open and when the window regains focus.
  const carts = useFreshCarts();
  const serverActive = carts.data?.find((c) => c.isActive);
  // A rep's changes still on the device are shown as made (docs/decisions/0239).
  const device = serverActive && deviceWrites ? deviceWrites.apply(serverActive) : undefined;
  const active = device?.cart ?? serverActive;
  // What was typed survives a reload, per cart, until the order is placed.
  const [extras, setExtras, clearExtras] = useSavedCheckout(active?.id, emptyExtras(profileShipTo(user)));
  // The company's ship-to choice and a typed one-off address survive a reload too (docs/decisions/0233).
  const [shipChoice, setShipChoice, clearShipChoice] = useSavedCheckout<CompanyShipToChoice>(
    active?.id,
    { locationId: null, draft: EMPTY_SHIP_TO_DRAFT, save: false },
    'ship-to',
  );
  // docs/decisions/0208: Place Order lands on the order's confirmation page (number, PO, lines with lots, total, delivery).
  const checkout = useCheckout((order) => {
    clearExtras();
    clearShipChoice();
    navigate(`/orders/${order.id}/placed`);
  }, active);
  // docs/decisions/0209: while a line's lots cannot fill it, Place Order is disabled and says which lines and why.
  const cartLots = useCartLots(active?.id ?? 0, !isSalesperson && !!active && active.items.length > 0);
  const blocking = active && !isSalesperson ? blockingLines(active, cartLots.data?.lines, checkout.lineRefusals) : [];
  // docs/decisions/0233: a dealer company's PO goes to a saved location and may need the company admin's approval.
  const inCompany = !isSalesperson && user.companyId !== null && active?.companyId != null;
  const locations = useShipToLocations(inCompany);
  const [showShipErrors, setShowShipErrors] = useState(false);
  const shipCheck = checkShipTo(shipChoice.draft);
  const shipErrors: ShipToErrors = showShipErrors && 'errors' in shipCheck ? shipCheck.errors : {};
  const submitApproval = useSubmitForApproval();
  const pending = active?.approvalStatus === 'pending';
  const rule = inCompany && active ? placementRule({ companyRole: user.companyRole, spendingLimit: user.spendingLimit }, shownTotal(active)) : { kind: 'place' as const };
  const blocked = blocking.length > 0 || pending;

  /** The order's body as the cart shows it; null when the typed ship-to is incomplete (its parts say why). */
  const body = (): PlaceOrderBody | null => {
    if (!active) return null;
    const ship = extras.deliveryType === 'ship';
    const base = orderPayload(
      active,
      {
        poReference: extras.poReference.trim() || null,
        notes: extras.notes.trim() || null,
        deliveryType: extras.deliveryType,
        requestedDate: extras.requestedDate,
        shipTo: ship && !inCompany ? extras.shipTo.trim() || null : null,
      },
      { showsPrices: true },
    );
    if (!inCompany || !ship) return base;
    const chosen = chosenLocation(shipChoice, locations.data ?? []);
    if (chosen !== 'other') return { ...base, locationId: chosen };
    if ('errors' in shipCheck) {
      setShowShipErrors(true);
      requestAnimationFrame(focusFirstShipToError);
      return null;
    }
    return { ...base, shipToAddress: shipCheck.address, saveShipTo: shipChoice.save };
  };

  const submitForApproval = () => {
    const payload = body();
    if (!payload) return;
    submitApproval.mutate(payload, {
      onSuccess: () => toast({ title: 'Submitted for approval', description: 'Your company admin was emailed. You will get an email when they decide.', variant: 'success' }),
      onError: (error) => toast({ title: 'Not submitted', description: errorMessage(error, 'Please try again.'), variant: 'destructive' }),
    });
  };

  return (
    <div className="min-h-dvh">
      <PageTitle title={wording.cartTitle} />
      <main className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-6 sm:px-6">
        {active && (!isSalesperson || active.totalItems > 0) && (
          <div className="flex flex-wrap items-center justify-between gap-2 print:hidden">
            {!isSalesperson && carts.data ? <CartSwitcher carts={carts.data} active={active} wording={wording} /> : <span />}
            {active.totalItems > 0 && !deviceWrites?.offline && <ClearCartButton cartId={active.id} cartName={cartDisplayName(active, user.activeRole)} label={wording.clearLabel} />}
          </div>
        )}
        {active && inCompany && <CompanyPoStatus cart={active} userId={user.id} />}
        {deviceWrites && <DeviceWritesNote waiting={device?.waiting.size ?? 0} placing={device?.placing ?? false} toReview={deviceWrites.toReview} />}
        {carts.isPending ? (
          <CartLoading />
        ) : !active ? (
          // A refetch that failed (offline, the signal gone) keeps the cart it had: only no cart at all is an error.
          <CartLoadError onRetry={() => void carts.refetch()} retrying={carts.isFetching} />
        ) : active.totalItems === 0 ? (
          <CartEmpty noun={isSalesperson ? 'sample order' : 'PO'}>
            <Button asChild>
              <Link href="/stock">Check Stock</Link>
            </Button>
            {isSalesperson ? (
              <Button asChild variant="outline">
                <Link href="/additional-merchandise">Additional Merchandise</Link>
              </Button>
            ) : (
              <Button asChild variant="outline">
                <Link href="/orders">Order History</Link>
              </Button>
            )}
          </CartEmpty>
        ) : (
          <div className="grid items-start gap-6 lg:grid-cols-[1fr_22rem]">
            <CartContents
              cart={active}
              showPrices={!isSalesperson}
              priceChanges={checkout.priceChanges}
              refusals={checkout.lineRefusals}
              otherCarts={isSalesperson ? [] : (carts.data ?? []).filter((c) => c.id !== active.id)}
              waiting={device?.waiting}
            />
            <OrderSummary cart={active} isSalesperson={isSalesperson} className="lg:sticky lg:top-[calc(var(--frame-height,0px)+1rem)]">
              {/* Offline, a rep's sample order is placed from field mode's page, which queues it (docs/decisions/0239). */}
              {isSalesperson ? (
                <Button asChild size="lg" className="w-full print:hidden">
                  {deviceWrites?.offline ? <Link href="/field">Continue on Field sample order</Link> : <Link href="/order-details">Continue</Link>}
                </Button>
              ) : (
                <>
                  <PurchaseOrderExtrasFields
                    value={extras}
                    onChange={setExtras}
                    shipTo={
                      inCompany && locations.isSuccess ? (
                        <CompanyShipToFields locations={locations.data} value={shipChoice} onChange={setShipChoice} errors={shipErrors} />
                      ) : undefined
                    }
                  />
                  {/* Beside the button the buyer just pressed, so the answer is where they look. */}
                  {checkout.priceChanges && <PricesChangedAlert changes={checkout.priceChanges} />}
                  {blocking.length > 0 && <PlaceOrderBlockers lines={blocking} />}
                  {rule.kind === 'approval' && !pending && <p className="text-sm text-muted-foreground">{rule.reason}</p>}
                  {/* aria-disabled, not disabled: the button stays in the tab order and its note is read with it. */}
                  <Button
                    size="lg"
                    className="w-full print:hidden aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
                    loading={checkout.isPending || submitApproval.isPending}
                    aria-disabled={blocked || undefined}
                    aria-describedby={blocking.length > 0 ? PLACE_ORDER_BLOCKERS_ID : undefined}
                    onClick={() => {
                      if (pending) return;
                      if (blocking.length > 0) return showLotConflict(blocking[0]!.productId);
                      if (rule.kind === 'approval') return submitForApproval();
                      const payload = body();
                      if (payload) checkout.submit(payload);
                    }}
                  >
                    {pending ? 'Waiting for approval' : rule.kind === 'approval' ? 'Submit for approval' : 'Place Order'}
                  </Button>
                </>
              )}
            </OrderSummary>
          </div>
        )}
      </main>
    </div>
  );
}
