import { emailReference } from '@common/domain/email-status';
import type { OutgoingEmail } from '../mail';

/** One user's "back in stock" digest: every SKU of theirs that came back, in one email (docs/decisions/0203). */
export function arrivalDigest(userId: number, to: string, items: readonly { id: number; name: string; onHand: number }[], from: string): OutgoingEmail {
  const [only] = items;
  const subject = items.length === 1 && only ? `Back in stock: ${only.name} (SKU ${only.id})` : `Back in stock: ${items.length} items you asked about`;
  const text = [
    items.length === 1 ? 'An item you asked about is back in stock:' : `${items.length} items you asked about are back in stock:`,
    '',
    ...items.map((item) => `- ${item.name} (SKU ${item.id}): ${item.onHand} on hand`),
    '',
    'You asked to be told when they arrive. This is the only email about them; ask again on the stock page to be told next time.',
  ].join('\n');
  return { kind: 'stock_arrival', from, to: [to], subject, text, reference: emailReference.user(userId) };
}
