/**
 * The name an uploaded file is kept and served under (docs/decisions/0204): what a person sent,
 * reduced to a harmless name that ends in the extension of what the portal stores. Only the last
 * path part; NFKC; control, format and bidi characters dropped (so "a<U+202E>vsc.exe" cannot show
 * as "a.exe.csv"); anything outside letters, digits, space, `.`, `_`, `-`, `(`, `)` becomes `_`; dots
 * inside the stem become `_`, so "evil.html" stored as CSV is "evil_html.csv", never a second extension.
 */

const MAX_STEM = 120;
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;

export function safeFileName(sent: string, extension: 'csv' | 'xlsx', fallback = 'upload'): string {
  const base = sent.normalize('NFKC').replace(INVISIBLE, '').split(/[/\\]/).pop() ?? '';
  const ending = new RegExp(`\\.${extension}$`, 'i');
  const stem = base
    .replace(ending, '')
    .replace(/[^A-Za-z0-9 ._()-]/g, '_')
    .replace(/\./g, '_')
    .replace(/_{2,}/g, '_')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[-_ ]+/, '')
    .slice(0, MAX_STEM)
    .trim();
  return `${stem || fallback}.${extension}`;
}
