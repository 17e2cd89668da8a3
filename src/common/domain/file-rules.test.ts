import { describe, expect, it } from 'vitest';
import {
  cleanFileName,
  expectedUploadType,
  extensionOf,
  fileTypeLabel,
  isHttpUrl,
  isPreviewableImage,
  tooLargeMessage,
  UPLOAD_ACCEPT,
} from './file-rules';

describe('upload names (pdf, jpg, jpeg, png)', () => {
  it('reads the extension case-insensitively', () => {
    expect(extensionOf('Brochure.PDF')).toBe('pdf');
    expect(extensionOf('photo.final.jpeg')).toBe('jpeg');
    expect(extensionOf('README')).toBe('');
    expect(extensionOf('.pdf')).toBe('');
    expect(extensionOf('trailing.')).toBe('');
  });

  it('maps each allowed extension to the type its content must have', () => {
    expect(expectedUploadType('a.pdf')).toBe('application/pdf');
    expect(expectedUploadType('a.JPG')).toBe('image/jpeg');
    expect(expectedUploadType('a.jpeg')).toBe('image/jpeg');
    expect(expectedUploadType('a.png')).toBe('image/png');
    expect(expectedUploadType('a.exe')).toBeUndefined();
    expect(expectedUploadType('a.svg')).toBeUndefined();
    expect(expectedUploadType('toString')).toBeUndefined();
    expect(expectedUploadType('a.constructor')).toBeUndefined();
  });

  it('offers the same list to the file picker', () => {
    expect(UPLOAD_ACCEPT).toBe('.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png');
  });

  it('keeps only the last path segment and drops control characters', () => {
    expect(cleanFileName('C:\\fakepath\\price list.pdf')).toBe('price list.pdf');
    expect(cleanFileName('../../etc/passwd.pdf')).toBe('passwd.pdf');
    expect(cleanFileName('bad\r\nname\u0000.png')).toBe('badname.png');
    expect(cleanFileName('  spaced.pdf  ')).toBe('spaced.pdf');
  });

  it('shortens very long names but keeps the extension', () => {
    const long = `${'x'.repeat(400)}.pdf`;
    const cleaned = cleanFileName(long);
    expect(cleaned).toHaveLength(255);
    expect(cleaned.endsWith('.pdf')).toBe(true);
  });
});

describe('link URLs (docs/product-decisions.md: http or https only)', () => {
  it('accepts http and https URLs', () => {
    expect(isHttpUrl('https://example.com/spec-sheet')).toBe(true);
    expect(isHttpUrl('http://example.com')).toBe(true);
  });
  it('refuses other schemes, relative paths and junk', () => {
    for (const url of ['javascript:alert(1)', 'data:text/html,hi', 'ftp://example.com', 'file:///etc/passwd', '/price-list.pdf', 'example.com', 'https://', '']) {
      expect(isHttpUrl(url), url).toBe(false);
    }
  });
});

describe('file names, labels and limits', () => {
  it('finds no extension after a trailing dot or in a dot file', () => {
    expect(extensionOf('report.')).toBe('');
    expect(extensionOf('.env')).toBe('');
    expect(extensionOf('a.b')).toBe('b');
  });

  it('cuts a very long name without an extension at 255 characters', () => {
    expect(cleanFileName('a'.repeat(300))).toBe('a'.repeat(255));
    expect(cleanFileName('b'.repeat(255))).toBe('b'.repeat(255));
  });

  it('refuses an http URL the parser cannot give a host', () => {
    expect(isHttpUrl('http://')).toBe(false);
    expect(isHttpUrl('https:///')).toBe(false);
  });

  it('labels each stored type and shows only images as previews', () => {
    expect(fileTypeLabel('application/pdf')).toBe('PDF');
    expect(fileTypeLabel('image/png')).toBe('PNG');
    expect(fileTypeLabel('image/jpeg')).toBe('JPG');
    expect(fileTypeLabel('text/plain')).toBe('File');
    expect(isPreviewableImage('image/png')).toBe(true);
    expect(isPreviewableImage('image/jpeg')).toBe(true);
    expect(isPreviewableImage('application/pdf')).toBe(false);
    expect(isPreviewableImage('')).toBe(false);
  });

  it('names the upload limit', () => {
    expect(tooLargeMessage(25)).toBe('The file is too large. The limit is 25 MB');
  });
});
