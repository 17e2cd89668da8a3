/**
 * A Content-Disposition header carrying the original file name (RFC 6266):
 * an ASCII fallback in `filename` and the exact name in `filename*` (RFC 8187),
 * so "Ceramica – lista.pdf" survives while no quote or line break can break the header.
 */
export function contentDisposition(type: 'attachment' | 'inline', fileName: string): string {
  const fallback = fileName
    .normalize('NFKD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/["\\]/g, '_')
    .trim() || 'download';
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
