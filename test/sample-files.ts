import PDFDocument from 'pdfkit';

/** Real files of each allowed type, for upload tests (API and browser). */

/** A PDF made by pdfkit; `pages` makes it bigger. */
export function samplePdf(text = 'Sample spec sheet', pages = 1): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ compress: false });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    for (let page = 0; page < pages; page++) {
      if (page > 0) doc.addPage();
      doc.fontSize(18).text(`${text} (page ${page + 1})`);
      doc.fontSize(10).text('Lorem ipsum dolor sit amet. '.repeat(80));
    }
    doc.end();
  });
}

/** A 1x1 PNG. */
export const samplePng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A 1x1 JPEG. */
export const sampleJpeg = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);

/** A shell script: what must never get in, whatever it is named. */
export const sampleScript = Buffer.from('#!/bin/sh\necho "pwned"\nrm -rf /tmp/everything\n');

/** A multipart form like the browser sends for POST /api/files. */
export function uploadForm(file: { data: Buffer; filename: string; type?: string } | null, fields: Record<string, string> = {}): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (file) form.append('file', new Blob([new Uint8Array(file.data)], { type: file.type ?? 'application/octet-stream' }), file.filename);
  return form;
}
