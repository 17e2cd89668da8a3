import type { OrderView } from '@common/contracts/orders';
import { merchandiseList, merchandiseTitle } from '@common/domain/cart-rules';
import { formatCalendarDate } from '@common/domain/format-date';
import { emailReference } from '@common/domain/email-status';
import { describeAllocation } from '@common/domain/lots';
import { BACKORDER_SHIPPING_LABELS } from '@common/domain/backorders';
import { formatPrice } from '@common/domain/money';
import { describePriceSource } from '@common/domain/contract-prices';
import { DELIVERY_LABELS, ORDER_KIND_LABELS, orderNumber } from '@common/domain/order-status';
import { placedForLine } from '@common/domain/reps';
import type { OutgoingEmail } from '../mail';

export interface OrderEmailSettings {
  /** ORDER_EMAIL_FROM: the fixed sender. */
  from: string;
  /** ORDER_EMAIL_TO: the fixed recipient. */
  to: string;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

/** The lots a line was allocated from, after its text. */
function lotsOf(item: OrderView['items'][number]): string {
  const taken = item.allocations ?? [];
  const lots = taken.length === 0 ? '' : ` - lot ${taken.map(describeAllocation).join('; ')}`;
  // "3 now, 47 about Dec 20 (on vessel)" and how it ships (docs/decisions/0238).
  return item.backorder ? `${lots} - ${item.backorder.text}; ${BACKORDER_SHIPPING_LABELS[item.backorder.shipping].toLowerCase()}` : lots;
}

/** " (Contract 2026, 100+ boxes; base $42.50)" after a contract price (docs/decisions/0233). */
function priceSourceOf(item: OrderView['items'][number]): string {
  if (!item.priceListName) return '';
  const source = describePriceSource({ listCode: item.priceListCode ?? '', listName: item.priceListName, minQuantity: item.priceBreakMin ?? 1 });
  const base = item.basePrice !== undefined && item.basePrice !== item.price ? `; base ${formatPrice(item.basePrice ?? null)}` : '';
  return ` (${source}${base})`;
}

/** The order confirmation: fixed sender and recipient, the user's own address in cc when known. */
export function orderConfirmationEmail(
  order: OrderView,
  user: { username: string; email: string | null },
  settings: OrderEmailSettings,
  /** A rep's order for a dealer (docs/decisions/0235): the company's buyers hear of it too. */
  dealerAddresses: readonly string[] = [],
): OutgoingEmail {
  const kind = ORDER_KIND_LABELS[order.kind];
  const showPrices = order.kind === 'purchase';
  const facts: [string, string][] = [
    ['Order', orderNumber(order.id)],
    ['Placed by', `${order.placedBy}${order.placedBy === user.username ? '' : ` (${user.username})`}${user.email ? ` <${user.email}>` : ''}`],
  ];
  // Both names (docs/decisions/0235): "Placed by Jane Rep (BOLD) for Garcia Tile".
  if (order.placedByRep) facts.push(['Ordered for', placedForLine(order.placedByRep.name, order.company?.name ?? null)]);
  if (order.dealerConfirmation?.status === 'awaiting') facts.push(['Dealer confirmation', 'Awaiting your confirmation: confirm or decline it in Order History']);
  if (order.approvedByName) facts.push(['Approved by', order.approvedByName]);
  if (order.poReference) facts.push(['PO reference', order.poReference]);
  // A sample order has no PO name: its cart's name ("Sample Order #1") is not one (docs/guide.md "Words we use").
  if (order.kind === 'purchase' && order.cartName) facts.push(['PO name', order.cartName]);
  if (order.deliveryType) facts.push(['Delivery', DELIVERY_LABELS[order.deliveryType]]);
  if (order.shipTo) facts.push(['Ship to', order.shipTo]);
  if (order.requestedDate) {
    facts.push([order.deliveryType === 'ship' ? 'Requested arrival' : 'Requested pickup', formatCalendarDate(order.requestedDate)]);
  }
  if (showPrices) facts.push(['Total', `${formatPrice(order.total)}${order.hasCallPrices ? ' plus items priced on request (CALL)' : ''}`]);

  const lines = [
    ...order.items.map((i) => ({
      text: `${i.quantity} x ${i.productName} (SKU ${i.productId})${showPrices ? ` @ ${formatPrice(i.price)}${priceSourceOf(i)}` : ''}${lotsOf(i)}`,
    })),
    ...order.merchandise.map((m) => ({
      text: `${m.quantity} x ${merchandiseList(m.type).singular}: ${merchandiseTitle(m)} (${m.code})`,
    })),
  ];

  const text = [
    `${kind} ${orderNumber(order.id)}`,
    '',
    ...facts.map(([k, v]) => `${k}: ${v}`),
    '',
    'Lines:',
    ...lines.map((l) => `  ${l.text}`),
    ...(order.notes ? ['', 'Notes:', order.notes] : []),
  ].join('\n');

  const html = [
    `<h1 style="font-size:18px">${escapeHtml(kind)} ${escapeHtml(orderNumber(order.id))}</h1>`,
    '<table cellpadding="4">',
    ...facts.map(([k, v]) => `<tr><th align="left">${escapeHtml(k)}</th><td style="white-space:pre-line">${escapeHtml(v)}</td></tr>`),
    '</table>',
    '<h2 style="font-size:16px">Lines</h2>',
    `<ul>${lines.map((l) => `<li>${escapeHtml(l.text)}</li>`).join('')}</ul>`,
    ...(order.notes ? ['<h2 style="font-size:16px">Notes</h2>', `<p style="white-space:pre-line">${escapeHtml(order.notes)}</p>`] : []),
  ].join('\n');

  return {
    kind: 'order_confirmation',
    from: settings.from,
    to: [settings.to],
    cc: [...new Set([...(user.email ? [user.email] : []), ...dealerAddresses])],
    subject: order.placedByRep && order.company
      ? `${kind} ${orderNumber(order.id)} for ${order.company.name} from ${order.placedByRep.name} (BOLD)`
      : `${kind} ${orderNumber(order.id)} from ${user.username}`,
    text,
    html,
    reference: emailReference.order(order.id),
  };
}
