import { quoteNumber, type QuoteView } from '@common/contracts/quotes';
import { formatDay, formatLongDate } from '@common/domain/format-date';
import { formatPrice, fromCents, lineTotalCents } from '@common/domain/money';
import { QUOTE_STATUS_LABELS } from '@common/domain/quotes';
import { sellingUnit } from '@common/domain/units';

/**
 * The quote a dealer hands the contractor (docs/decisions/0237): project, lines with quoted prices,
 * held lots and validity, in the price list PDF's look (price-list/render-pdf.ts).
 */

const PAGE = { width: 612, height: 792, margin: 40 };
const BOTTOM = PAGE.height - PAGE.margin - 24;
const ROW = 15;
const INK = '#1c1917';
const MUTED = '#6b645e';
const RULE = '#e7e5e4';
const ACCENT = '#1e4a8a';

const COLUMNS = [
  { title: 'SKU', width: 50, align: 'left' as const },
  { title: 'Item', width: 200, align: 'left' as const },
  { title: 'Quantity', width: 70, align: 'right' as const },
  { title: 'Price', width: 62, align: 'right' as const },
  { title: 'Line total', width: 70, align: 'right' as const },
  { title: 'Lot held', width: 80, align: 'left' as const },
];

export async function renderQuotePdf(quote: QuoteView, generatedAt: Date, options: { compress?: boolean } = {}): Promise<Buffer> {
  // pdfkit is loaded on first use, as the price list's is.
  const { default: PDFDocument } = await import('pdfkit');
  const title = `Quote ${quoteNumber(quote.id)}`;
  const doc = new PDFDocument({ compress: options.compress ?? true, size: 'LETTER', margin: PAGE.margin, bufferPages: true, info: { Title: `${title} ${quote.projectName}`, Author: 'BOLD' } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  const left = PAGE.margin;
  const width = COLUMNS.reduce((s, c) => s + c.width, 0);
  let y = PAGE.margin;

  doc.fillColor(ACCENT).font('Helvetica-Bold').fontSize(20).text(`BOLD ${title}`, left, y, { lineBreak: false });
  doc.fillColor(MUTED).font('Helvetica').fontSize(9).text(QUOTE_STATUS_LABELS[quote.status], left, y + 6, { width, align: 'right', lineBreak: false });
  y += 30;
  const facts: [string, string][] = [
    ['Project', quote.projectName],
    ['Dealer', quote.companyName],
    ['Site', quote.siteAddress || 'Not given'],
    ['Contractor', quote.contractor || 'Not given'],
    ['Install date', quote.installDate ? formatDay(quote.installDate) : 'Not given'],
    ['Valid until', quote.validUntil ? formatDay(quote.validUntil) : 'Not priced yet'],
  ];
  for (const [label, value] of facts) {
    doc.font('Helvetica-Bold').fontSize(9).fillColor(MUTED).text(label.toUpperCase(), left, y, { width: 90, lineBreak: false });
    doc.font('Helvetica').fontSize(10).fillColor(INK).text(value, left + 90, y - 1, { width: width - 90 });
    y = Math.max(y + 15, doc.y + 2);
  }
  y += 8;

  const header = () => {
    let x = left;
    doc.font('Helvetica-Bold').fontSize(7.5).fillColor(MUTED);
    for (const c of COLUMNS) {
      doc.text(c.title.toUpperCase(), x + 2, y + 3, { width: c.width - 4, align: c.align, lineBreak: false });
      x += c.width;
    }
    y += ROW;
    doc.moveTo(left, y).lineTo(left + width, y).lineWidth(0.5).strokeColor(RULE).stroke();
  };
  header();
  let totalCents = 0;
  for (const line of quote.lines) {
    if (y + ROW > BOTTOM) {
      doc.addPage();
      y = PAGE.margin;
      header();
    }
    const unit = sellingUnit(line.soldBy) === 'Piece' ? 'pcs' : 'boxes';
    const lineCents = lineTotalCents(line.quotedPrice, line.quantity);
    totalCents += lineCents ?? 0;
    const cells = [
      String(line.productId),
      line.productName,
      `${line.quantity} ${unit}`,
      line.quotedPrice ? formatPrice(line.quotedPrice) : '-',
      lineCents === null ? '-' : formatPrice(fromCents(lineCents)),
      line.heldLot ?? (line.holdOneLot ? 'one lot asked' : ''),
    ];
    let x = left;
    doc.font('Helvetica').fontSize(9).fillColor(INK);
    COLUMNS.forEach((c, i) => {
      doc.text(cells[i]!, x + 2, y + 4, { width: c.width - 4, align: c.align, lineBreak: false, ellipsis: true, height: ROW });
      x += c.width;
    });
    y += ROW;
  }
  doc.moveTo(left, y).lineTo(left + width, y).lineWidth(0.5).strokeColor(RULE).stroke();
  y += 6;
  doc.font('Helvetica-Bold').fontSize(10).fillColor(INK).text(`Total ${formatPrice(fromCents(totalCents))}`, left, y, { width, align: 'right' });
  y = doc.y + 12;
  const held = quote.lines.filter((l) => l.heldLot);
  const terms = [
    quote.validUntil ? `Prices are valid until ${formatDay(quote.validUntil)}, for the quantities above, for orders placed through the BOLD portal from this quote.` : '',
    held.length > 0 ? `Held lots are kept for this project until ${quote.validUntil ? formatDay(quote.validUntil) : 'the quote expires'} (at most 90 days), so every box of a line comes from one shade lot.` : '',
    quote.notes,
  ].filter(Boolean);
  doc.font('Helvetica').fontSize(9).fillColor(MUTED);
  for (const t of terms) {
    doc.text(t, left, y, { width });
    y = doc.y + 6;
  }
  const pages = doc.bufferedPageRange();
  for (let i = 0; i < pages.count; i++) {
    doc.switchToPage(pages.start + i);
    doc.font('Helvetica').fontSize(7.5).fillColor(MUTED).text(`${title} · ${quote.projectName} · ${formatLongDate(generatedAt)} · Page ${i + 1} of ${pages.count}`, left, PAGE.height - PAGE.margin - 6, { width, align: 'center', lineBreak: false });
  }
  doc.end();
  await finished;
  return Buffer.concat(chunks);
}
