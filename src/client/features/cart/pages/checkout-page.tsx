import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import type { CurrentUser } from '@common/contracts/auth';
import type { IsoDate } from '@common/domain/business-days';
import { cartWording } from '@common/domain/cart-rules';
import { isOneOf } from '@common/domain/one-of';
import { profileShipTo } from '@common/domain/ship-to';
import { DELIVERY_LABELS, DELIVERY_TYPES, orderNumber, requestedDateLabel, type DeliveryType } from '@common/domain/order-status';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { Navigate } from '@client/components/navigate';
import { PageTitle } from '@client/components/page-frame';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { Label } from '@client/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@client/components/ui/radio-group';
import { Textarea } from '@client/components/ui/textarea';
import { toast } from '@client/components/ui/use-toast';
import { useRequestedDates } from '@client/api/get-requested-dates';
import { orderPayload } from '../api/place-order';
import { CartLoadError, CartLoading } from '../components/cart-states';
import { OrderSummary } from '../components/order-summary';
import { RequestedDateField } from '../components/requested-date-field';
import { checkShipTo, focusFirstShipToError, savedShipToDraft, shipToDraft, ShipToFields, type ShipToDraft, type ShipToErrors } from '../components/ship-to-fields';
import { useCheckout } from '../lib/use-checkout';
import { useSavedCheckout } from '../lib/use-saved-checkout';
import { useFreshCarts } from '../lib/use-fresh-carts';

/**
 * /order-details (Sample Order Details): notes, pickup or ship, the
 * requested date, the three-business-days notice, the summary and Submit
 * Sample Order. No active cart (or nothing in it) sends the user to /cart.
 */
export function CheckoutPage({ user }: { user: CurrentUser }) {
  useDocumentTitle('Sample Order Details');
  const [, navigate] = useLocation();
  // docs/decisions/0206: refreshed on open and on window focus, like the cart page.
  const carts = useFreshCarts();
  const dates = useRequestedDates();
  const active = carts.data?.find((c) => c.isActive);
  // Notes, delivery, date and ship-to survive a reload, per cart, until the order is placed.
  // A ship-to of null follows the profile's store until the rep changes a part of it (docs/decisions/0210).
  const [draft, setDraft, clearDraft] = useSavedCheckout<{ notes: string; delivery: DeliveryType; date: IsoDate | null; shipTo: ShipToDraft | null }>(
    active?.id,
    { notes: '', delivery: 'pickup', date: null, shipTo: null },
  );
  const { notes, delivery, date } = draft;
  const profileAddress = profileShipTo(user);
  const shipTo = savedShipToDraft(draft.shipTo) ?? shipToDraft(profileAddress);
  const setNotes = (value: string) => setDraft({ ...draft, notes: value });
  const setDelivery = (value: DeliveryType) => setDraft({ ...draft, delivery: value });
  const setDate = (value: IsoDate | null) => setDraft({ ...draft, date: value });
  const setShipTo = (value: ShipToDraft) => setDraft({ ...draft, shipTo: value });
  // Shown once Submit found a missing part, then kept up to date as the rep types.
  const [showShipToErrors, setShowShipToErrors] = useState(false);
  const shipToCheck = checkShipTo(shipTo);
  const shipToErrors: ShipToErrors = showShipToErrors && 'errors' in shipToCheck ? shipToCheck.errors : {};
  const [focusRequest, setFocusRequest] = useState(0);
  useEffect(() => {
    if (focusRequest > 0) focusFirstShipToError();
  }, [focusRequest]);
  const checkout = useCheckout((order) => {
    clearDraft();
    toast({
      title: 'Sample Order Submitted',
      description: `Sample order ${orderNumber(order.id)} was submitted. You will receive an email confirmation.`,
      variant: 'success',
      // Its confirmation shows what was ordered and where it ships (docs/decisions/0210).
      action: { label: 'View order', altText: `View sample order ${orderNumber(order.id)}`, onClick: () => navigate(`/orders/${order.id}/placed`) },
    });
    // A sample order goes home; home is the dashboard (/ would bounce there).
    navigate('/dashboard');
  });

  // Purchase orders are placed straight from /cart; this screen is the sample-order checkout.
  if (cartWording(user.activeRole).kind !== 'sample') return <Navigate to="/cart" />;
  if (carts.isSuccess && (!active || (active.totalItems === 0 && !checkout.isPending && !checkout.isSuccess))) {
    return <Navigate to="/cart" />;
  }

  const submit = () => {
    if (!active || !date) return;
    if (delivery === 'ship' && 'errors' in shipToCheck) {
      setShowShipToErrors(true);
      setFocusRequest((n) => n + 1);
      return;
    }
    const shipToAddress = delivery === 'ship' && 'address' in shipToCheck ? shipToCheck.address : null;
    checkout.submit({ ...orderPayload(active, { notes: notes.trim() || null, deliveryType: delivery, requestedDate: date }), shipToAddress });
  };

  return (
    <div className="min-h-dvh">
      <PageTitle title="Sample Order Details" backHref="/cart" backLabel="Back to cart" />
      <main className="mx-auto max-w-6xl px-4 py-6 sm:px-6">
        {carts.isPending ? (
          <CartLoading />
        ) : carts.isError || !active ? (
          <CartLoadError onRetry={() => void carts.refetch()} retrying={carts.isFetching} />
        ) : (
          <div className="grid items-start gap-6 lg:grid-cols-[1fr_22rem]">
            <Card>
              <CardHeader>
                <CardTitle>Delivery</CardTitle>
              </CardHeader>
              <CardContent className="flex flex-col gap-6">
                <div className="grid gap-2">
                  <Label htmlFor="order-notes">Order Notes</Label>
                  <Textarea
                    id="order-notes"
                    value={notes}
                    maxLength={2000}
                    placeholder="Anything the warehouse should know"
                    onChange={(e) => setNotes(e.target.value)}
                  />
                </div>
                <fieldset className="grid gap-2">
                  <legend className="mb-2 text-sm font-medium">Delivery Preference</legend>
                  <RadioGroup value={delivery} onValueChange={(v) => isOneOf(DELIVERY_TYPES, v) && setDelivery(v)} className="flex flex-wrap gap-2">
                    {DELIVERY_TYPES.map((type) => (
                      <Label
                        key={type}
                        htmlFor={`delivery-${type}`}
                        className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md border border-input px-4 has-[[data-state=checked]]:border-accent has-[[data-state=checked]]:bg-accent-soft/50"
                      >
                        <RadioGroupItem id={`delivery-${type}`} value={type} />
                        {DELIVERY_LABELS[type]}
                      </Label>
                    ))}
                  </RadioGroup>
                </fieldset>
                {delivery === 'ship' && (
                  <ShipToFields value={shipTo} onChange={setShipTo} errors={shipToErrors} fromProfile={profileAddress.street !== ''} />
                )}
                {dates.isPending ? (
                  <CartLoading />
                ) : dates.isError ? (
                  <p className="text-sm text-destructive">The calendar could not be loaded. Please reload the page.</p>
                ) : (
                  <RequestedDateField
                    label={requestedDateLabel(delivery)}
                    today={dates.data.today}
                    earliest={dates.data.earliest}
                    closedDays={dates.data.closedDays}
                    value={date}
                    onChange={setDate}
                    notice="Please allow at least three business days' notice for sample orders. Weekends cannot be requested."
                  />
                )}
              </CardContent>
            </Card>
            <OrderSummary cart={active} isSalesperson className="lg:sticky lg:top-[calc(var(--frame-height,0px)+1rem)]">
              <Button size="lg" className="w-full" disabled={!date} loading={checkout.isPending} onClick={submit}>
                Submit Sample Order
              </Button>
              {!date && <p className="text-center text-xs text-muted-foreground">Please select a requested date</p>}
              {delivery === 'ship' && showShipToErrors && 'errors' in shipToCheck && (
                <p role="alert" className="text-center text-sm font-medium text-destructive">
                  Complete the ship-to address to submit.
                </p>
              )}
              <p className="text-center text-sm text-muted-foreground">You will receive an email confirmation.</p>
            </OrderSummary>
          </div>
        )}
      </main>
    </div>
  );
}
