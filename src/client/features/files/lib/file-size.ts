const UNITS = ['Bytes', 'KB', 'MB', 'GB'] as const;

/**
 * "File size units: Bytes, KB, MB, GB (base 1024)": "0 Bytes", "512 Bytes",
 * "1.5 KB", "24.8 MB". Up to two decimals, trailing zeros dropped.
 */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  const exponent = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), UNITS.length - 1);
  const value = bytes / 1024 ** exponent;
  const rounded = exponent === 0 ? Math.round(value) : Number.parseFloat(value.toFixed(2));
  return `${rounded} ${UNITS[exponent]}`;
}
