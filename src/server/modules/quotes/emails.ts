import { quoteNumber, type QuoteView } from '@common/contracts/quotes';
import { formatDay } from '@common/domain/format-date';
import { formatPrice } from '@common/domain/money';
import type { OutgoingEmail } from '../mail';

/*
 * A quote's steps in email (docs/decisions/0237), queued through the mail module's job queue in the
 * step's own transaction, like the order and approval emails: a rolled-back step sends nothing.
 */

export type QuoteStep = 'requested' | 'sent' | 'accepted' | 'declined' | 'expired';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

const SUBJECTS: Record<QuoteStep, (q: QuoteView) => string> = {
  requested: (q) => `Quote ${quoteNumber(q.id)} requested: ${q.projectName} (${q.companyName})`,
  sent: (q) => `Your quote ${quoteNumber(q.id)} for ${q.projectName} is ready`,
  accepted: (q) => `Quote ${quoteNumber(q.id)} accepted: ${q.projectName} (${q.companyName})`,
  declined: (q) => `Quote ${quoteNumber(q.id)} declined: ${q.projectName} (${q.companyName})`,
  expired: (q) => `Quote ${quoteNumber(q.id)} for ${q.projectName} has expired`,
};

const LEADS: Record<QuoteStep, (q: QuoteView) => string> = {
  requested: (q) => `${q.requestedBy} of ${q.companyName} asked for a price on ${q.projectName}. Open Quotes in the portal to price it and send it.`,
  sent: (q) => `We priced ${q.projectName}. The prices hold until ${q.validUntil ? formatDay(q.validUntil) : 'the date on the quote'}. Open Quotes in the portal to download the PDF, accept or decline it.`,
  accepted: (q) => `${q.companyName} accepted the quote for ${q.projectName}. Its orders take the quoted prices and the held lots.`,
  declined: (q) => `${q.companyName} declined the quote for ${q.projectName}. Its held lots were released.`,
  expired: (q) => `The quote for ${q.projectName} passed its valid-until date. Its held lots were released; ask us for a new quote if the job goes ahead.`,
};

function lines(q: QuoteView): string {
  return q.lines
    .map((l) => `  ${l.quantity} x ${l.productName} (SKU ${l.productId})${l.quotedPrice ? ` @ ${formatPrice(l.quotedPrice)}` : ''}${l.heldLot ? `, lot ${l.heldLot} held` : ''}`)
    .join('\n');
}

export function quoteEmail(step: QuoteStep, quote: QuoteView, to: string[], from: string): OutgoingEmail {
  const paragraphs = [LEADS[step](quote), lines(quote)];
  return {
    kind: 'quote_update',
    from,
    to,
    subject: SUBJECTS[step](quote),
    text: paragraphs.join('\n\n'),
    html: paragraphs.map((p) => `<p style="white-space:pre-line">${escapeHtml(p)}</p>`).join('\n'),
    reference: `quote:${quote.id}`,
  };
}
