import { and, eq, inArray, isNull } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import type { Tx } from '../client';
import { fileBlobs, files, folders, links } from '../schema';
import { PRODUCT_LINES } from './product-lines';
import type { NewProduct } from './products';

interface DemoFile {
  name: string;
  originalName: string;
  data: Buffer;
}

interface DemoLink {
  title: string;
  url: string;
  description: string;
}

interface DemoFolder {
  name: string;
  files: DemoFile[];
}

/** The Files & Links library a new portal starts with (Files & Links). */
export interface DemoLibrary {
  folders: DemoFolder[];
  rootLinks: DemoLink[];
}

const ACCENT = '#1e4a8a';
const INK = '#1c1917';
const MUTED = '#6b645e';

/** pdfkit is loaded only when demo files are made (first start), not held by every server. */
async function renderPdf(title: string, draw: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'LETTER', margin: 54, info: { Title: title, Author: 'BOLD' } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    draw(doc);
    doc.end();
  });
}

function header(doc: PDFKit.PDFDocument, title: string, subtitle: string) {
  doc.rect(0, 0, doc.page.width, 8).fill(ACCENT);
  doc.fillColor(ACCENT).font('Helvetica-Bold').fontSize(26).text('BOLD', 54, 40);
  doc.fillColor(INK).fontSize(20).text(title, 54, 76);
  doc.fillColor(MUTED).font('Helvetica').fontSize(11).text(subtitle).moveDown(1.5);
}

/** A one-page summary: "from" prices per line. The live, full list is /price-list.pdf. */
function priceSummaryPdf(catalogue: readonly NewProduct[], asOf: Date): Promise<Buffer> {
  const fromPrice = new Map<string, { collection: string; perSqft: number }>();
  for (const p of catalogue) {
    if (!p.line || p.pricePerSqft == null) continue;
    const perSqft = Number(p.pricePerSqft);
    const current = fromPrice.get(p.line);
    if (!current || perSqft < current.perSqft) fromPrice.set(p.line, { collection: p.collection ?? '', perSqft });
  }
  const month = asOf.toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
  return renderPdf('BOLD price summary', (doc) => {
    header(doc, 'Price summary by line', `${month}. For the live price list by line and size, open Prices in the portal or /price-list.pdf.`);
    const [lineX, collectionX, priceX] = [54, 250, 460];
    doc.font('Helvetica-Bold').fontSize(10).fillColor(INK);
    const top = doc.y;
    doc.text('Line', lineX, top).text('Collection', collectionX, top).text('From, per sq ft', priceX, top);
    doc.moveTo(54, doc.y + 4).lineTo(doc.page.width - 54, doc.y + 4).strokeColor('#d6d3d1').stroke();
    doc.moveDown(0.6).font('Helvetica');
    for (const [line, { collection, perSqft }] of [...fromPrice].sort(([a], [b]) => a.localeCompare(b))) {
      if (doc.y > doc.page.height - 72) doc.addPage();
      const y = doc.y;
      doc.text(line, lineX, y).text(collection, collectionX, y).text(`$${perSqft.toFixed(2)}`, priceX, y);
      doc.moveDown(0.35);
    }
    doc.moveDown(1).fillColor(MUTED).fontSize(9).text('Prices in US dollars, before tax and freight. Slabs marked CALL are quoted per job.', 54);
  });
}

/** A brochure of the collections: each line with its look and colours. */
function brochurePdf(): Promise<Buffer> {
  const byCollection = new Map<string, (typeof PRODUCT_LINES)[number][]>();
  for (const line of PRODUCT_LINES) byCollection.set(line.collection, [...(byCollection.get(line.collection) ?? []), line]);
  return renderPdf('BOLD collections brochure', (doc) => {
    header(doc, 'The collections', 'Porcelain and ceramic surfaces for floors, walls and counters.');
    for (const [collection, lines] of byCollection) {
      if (doc.y > doc.page.height - 160) doc.addPage();
      doc.moveDown(0.5).fillColor(ACCENT).font('Helvetica-Bold').fontSize(14).text(collection, 54);
      doc.moveDown(0.3);
      for (const line of lines) {
        if (doc.y > doc.page.height - 90) doc.addPage();
        doc.fillColor(INK).font('Helvetica-Bold').fontSize(11).text(line.line, 54);
        doc.fillColor(MUTED).font('Helvetica').fontSize(10).text(`Porcelain with ${line.look}.`, { width: doc.page.width - 108 });
        doc.text(`Colours: ${line.colors.join(', ')}. Formats: ${line.formats.join(', ')}.`, { width: doc.page.width - 108 });
        doc.moveDown(0.6);
      }
    }
  });
}

/**
 * Builds the demo library: two folders of generated PDFs and a couple of links.
 * PDFs are rendered here, before the demo-data transaction opens.
 */
export async function buildDemoLibrary(catalogue: readonly NewProduct[], now: Date): Promise<DemoLibrary> {
  return {
    folders: [
      {
        name: 'Price Lists',
        files: [{ name: 'Price summary by line', originalName: 'BOLD price summary.pdf', data: await priceSummaryPdf(catalogue, now) }],
      },
      {
        name: 'Brochures',
        files: [{ name: 'Collections brochure', originalName: 'BOLD collections brochure.pdf', data: await brochurePdf() }],
      },
    ],
    rootLinks: [
      {
        title: 'TCNA Handbook for ceramic tile installation',
        url: 'https://www.tcnatile.com/products-and-services/publications.html',
        description: 'Installation methods and standards from the Tile Council of North America.',
      },
      {
        title: 'Find a certified tile installer',
        url: 'https://www.ceramictilefoundation.org/',
        description: 'The Ceramic Tile Education Foundation directory of certified installers.',
      },
    ],
  };
}

/** Inserts the library, skipping root folders and root links that already exist by name. */
export async function insertDemoLibrary(tx: Tx, library: DemoLibrary, now: Date): Promise<void> {
  const existingFolders = await tx
    .select({ name: folders.name })
    .from(folders)
    .where(and(isNull(folders.parentId), inArray(folders.name, library.folders.map((f) => f.name))));
  const taken = new Set(existingFolders.map((f) => f.name));
  for (const demo of library.folders.filter((f) => !taken.has(f.name))) {
    const [folder] = await tx.insert(folders).values({ name: demo.name, createdAt: now, updatedAt: now }).returning({ id: folders.id });
    if (!folder) throw new Error('demo folder not created');
    for (const file of demo.files) {
      const [row] = await tx
        .insert(files)
        .values({
          name: file.name,
          originalName: file.originalName,
          type: 'application/pdf',
          size: file.data.length,
          sha256: createHash('sha256').update(file.data).digest('hex'),
          folderId: folder.id,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: files.id });
      if (!row) throw new Error('demo file not created');
      await tx.insert(fileBlobs).values({ fileId: row.id, data: file.data });
    }
  }
  for (const link of library.rootLinks) {
    const [exists] = await tx.select({ id: links.id }).from(links).where(and(isNull(links.folderId), eq(links.title, link.title))).limit(1);
    if (!exists) await tx.insert(links).values({ ...link, folderId: null, createdAt: now, updatedAt: now });
  }
}
