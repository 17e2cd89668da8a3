import { createHash } from 'node:crypto';

/**
 * Names one exact set of SKUs to remove (docs/decisions/0130): the preview hands it
 * out, the confirmed replace recomputes it inside its transaction and refuses a
 * different set. A hash, so a catalogue-sized list never travels back in a URL.
 */
export function removalToken(ids: readonly number[]): string {
  const sorted = [...ids].sort((a, b) => a - b);
  return createHash('sha256').update(sorted.join(',')).digest('base64url').slice(0, 43);
}
