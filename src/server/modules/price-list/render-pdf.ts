import { describePriceSource, type PriceStep } from '@common/domain/contract-prices';
import { formatLongDate } from '@common/domain/format-date';
import { formatPrice } from '@common/domain/money';
import { naturalOrder } from '@common/domain/stock-filters';
import { coverageSqft, sellingUnit } from '@common/domain/units';
import type { ProductRow } from '../products';

/**
 * docs/product-decisions.md: the price list PDF, generated from the catalogue, grouped by
 * line, then size; prices formatted by formatPrice (CALL for CALL or empty).
 */

const PAGE = { width: 612, height: 792, margin: 40 };
const BOTTOM = PAGE.height - PAGE.margin - 18;
const ROW_HEIGHT = 13;
const INK = '#1c1917';
const MUTED = '#6b645e';
const RULE = '#e7e5e4';
const ACCENT = '#1e4a8a';

interface Column {
  title: string;
  width: number;
  align: 'left' | 'right';
  value: (p: ProductRow) => string;
}

const COLUMNS: Column[] = [
  { title: 'SKU', width: 52, align: 'left', value: (p) => String(p.id) },
  { title: 'Color', width: 132, align: 'left', value: (p) => p.color ?? '' },
  { title: 'Finish', width: 80, align: 'left', value: (p) => p.finish ?? '' },
  { title: 'Sold by', width: 52, align: 'left', value: (p) => sellingUnit(p.soldBy) },
  { title: 'Coverage', width: 76, align: 'left', value: (p) => describeCoverage(p) },
  { title: 'Price', width: 70, align: 'right', value: (p) => formatPrice(p.price) },
  { title: 'Per sq ft', width: 70, align: 'right', value: (p) => formatPrice(p.pricePerSqft) },
];

function describeCoverage(p: ProductRow): string {
  const sqft = coverageSqft(p.coverage);
  return sqft === null ? p.coverage : `${sqft} sq ft`;
}

/**
 * A dealer company's own price list (docs/decisions/0231): each SKU's price for one unit, its
 * quantity breaks ("100+ boxes $7.90") and the base price beside, all from `priceLadder`.
 */
export interface DealerPrices {
  companyName: string;
  /** The ladder of every SKU (its first step is the price of one unit). */
  ladders: ReadonlyMap<number, readonly PriceStep[]>;
}

/** "100+ boxes $7.90; 500+ boxes $7.50": the steps after the first. */
export function describeBreaks(ladder: readonly PriceStep[], unit: string): string {
  return ladder
    .slice(1)
    .map((step) => `${step.fromQuantity}+ ${unit} ${formatPrice(step.price)}`)
    .join('; ');
}

function dealerColumns(prices: DealerPrices): Column[] {
  const first = (p: ProductRow) => prices.ladders.get(p.id)?.[0];
  const unit = (p: ProductRow) => (sellingUnit(p.soldBy) === 'Piece' ? 'pieces' : 'boxes');
  return [
    { title: 'SKU', width: 44, align: 'left', value: (p) => String(p.id) },
    { title: 'Color', width: 96, align: 'left', value: (p) => p.color ?? '' },
    { title: 'Finish', width: 58, align: 'left', value: (p) => p.finish ?? '' },
    { title: 'Sold by', width: 40, align: 'left', value: (p) => sellingUnit(p.soldBy) },
    { title: 'Coverage', width: 56, align: 'left', value: (p) => describeCoverage(p) },
    { title: 'Your price', width: 56, align: 'right', value: (p) => formatPrice(first(p)?.price ?? p.price) },
    {
      title: 'Quantity breaks',
      width: 122,
      align: 'left',
      value: (p) => {
        const ladder = prices.ladders.get(p.id) ?? [];
        const breaks = describeBreaks(ladder, unit(p));
        const source = describePriceSource(first(p)?.source ?? null, unit(p));
        return breaks || (source ? source : '');
      },
    },
    { title: 'Base price', width: 60, align: 'right', value: (p) => formatPrice(p.price) },
  ];
}

const natural = naturalOrder;

/** Lines A-Z, sizes in natural order ("3x12" before "12x24"), then SKU. */
export function groupForPriceList(products: readonly ProductRow[]): { line: string; collection: string | null; sizes: { size: string; products: ProductRow[] }[] }[] {
  const lines = new Map<string, { collection: string | null; sizes: Map<string, ProductRow[]> }>();
  for (const product of products) {
    const lineName = product.line ?? 'Other products';
    let line = lines.get(lineName);
    if (!line) {
      line = { collection: product.collection, sizes: new Map() };
      lines.set(lineName, line);
    }
    const size = product.size ?? 'Other sizes';
    const list = line.sizes.get(size) ?? [];
    list.push(product);
    line.sizes.set(size, list);
  }
  return [...lines.entries()]
    .sort(([a], [b]) => natural(a, b))
    .map(([line, { collection, sizes }]) => ({
      line,
      collection,
      sizes: [...sizes.entries()]
        .sort(([a], [b]) => natural(a, b))
        .map(([size, list]) => ({ size, products: [...list].sort((a, b) => a.id - b.id) })),
    }));
}

export async function renderPriceListPdf(
  products: readonly ProductRow[],
  generatedAt: Date,
  options: { compress?: boolean; dealer?: DealerPrices } = {},
): Promise<Buffer> {
  const columns = options.dealer ? dealerColumns(options.dealer) : COLUMNS;
  const title = options.dealer ? `${options.dealer.companyName} Price List` : 'BOLD Price List';
  // pdfkit is loaded on first use: ~25 MB of memory an idle server should not hold.
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    // Tests read the text of an uncompressed document.
    compress: options.compress ?? true,
    size: 'LETTER',
    margin: PAGE.margin,
    bufferPages: true,
    info: { Title: title, Author: 'BOLD', Subject: 'Tile and surface prices' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });

  const left = PAGE.margin;
  const tableWidth = columns.reduce((sum, c) => sum + c.width, 0);
  let y = PAGE.margin;

  const dateText = formatLongDate(generatedAt);
  doc.fillColor(ACCENT).font('Helvetica-Bold').fontSize(22).text(title, left, y, { width: tableWidth, lineBreak: false, ellipsis: true });
  y += 28;
  if (options.dealer) {
    doc.fillColor(INK).font('Helvetica').fontSize(9).text(`Your contract prices, prepared for ${options.dealer.companyName}. Base prices shown beside them.`, left, y);
    y += 14;
  }
  doc
    .fillColor(MUTED)
    .font('Helvetica')
    .fontSize(9)
    .text(`Prices as of ${dateText}, in US dollars, per box or per piece as sold. CALL: ask us for a quote.`, left, y);
  y += 22;

  const newPage = () => {
    doc.addPage();
    y = PAGE.margin;
  };
  const ensure = (height: number) => {
    if (y + height > BOTTOM) {
      newPage();
      return true;
    }
    return false;
  };

  const drawTableHeader = () => {
    let x = left;
    doc.font('Helvetica-Bold').fontSize(7.5).fillColor(MUTED);
    for (const column of columns) {
      doc.text(column.title.toUpperCase(), x + 2, y + 3, { width: column.width - 4, align: column.align, lineBreak: false });
      x += column.width;
    }
    y += ROW_HEIGHT;
    doc.moveTo(left, y).lineTo(left + tableWidth, y).lineWidth(0.5).strokeColor(RULE).stroke();
  };

  const drawSizeHeading = (line: string, size: string, continued: boolean) => {
    doc.font('Helvetica-Bold').fontSize(10).fillColor(INK).text(`${size}${continued ? ' (continued)' : ''}`, left, y + 4, { lineBreak: false });
    doc.font('Helvetica').fontSize(8).fillColor(MUTED).text(line, left + 200, y + 6, { width: tableWidth - 200, align: 'right', lineBreak: false });
    y += 18;
    drawTableHeader();
  };

  for (const group of groupForPriceList(products)) {
    ensure(70);
    y += 8;
    doc.font('Helvetica-Bold').fontSize(15).fillColor(INK).text(group.line, left, y, { lineBreak: false });
    if (group.collection) {
      doc.font('Helvetica').fontSize(9).fillColor(MUTED).text(group.collection, left, y + 18, { lineBreak: false });
    }
    y += group.collection ? 32 : 22;

    for (const sizeGroup of group.sizes) {
      ensure(18 + ROW_HEIGHT * 3);
      drawSizeHeading(group.line, sizeGroup.size, false);
      sizeGroup.products.forEach((product, index) => {
        if (ensure(ROW_HEIGHT)) drawSizeHeading(group.line, sizeGroup.size, true);
        if (index % 2 === 1) doc.rect(left, y, tableWidth, ROW_HEIGHT).fillColor('#f5f5f4').fill();
        let x = left;
        doc.font('Helvetica').fontSize(8.5).fillColor(INK);
        for (const column of columns) {
          doc.text(column.value(product), x + 2, y + 3, { width: column.width - 4, align: column.align, lineBreak: false, ellipsis: true, height: ROW_HEIGHT });
          x += column.width;
        }
        y += ROW_HEIGHT;
      });
      y += 6;
    }
  }
  if (products.length === 0) {
    doc.font('Helvetica').fontSize(11).fillColor(INK).text('The catalogue is empty.', left, y + 10);
  }

  const pages = doc.bufferedPageRange();
  for (let i = 0; i < pages.count; i++) {
    doc.switchToPage(pages.start + i);
    doc
      .font('Helvetica')
      .fontSize(7.5)
      .fillColor(MUTED)
      .text(`${title} · ${dateText} · Page ${i + 1} of ${pages.count}`, left, PAGE.height - PAGE.margin - 6, {
        width: tableWidth,
        align: 'center',
        lineBreak: false,
      });
  }
  doc.end();
  await finished;
  return Buffer.concat(chunks);
}
