import type { CatalogueChanges } from '@common/contracts/catalogue-changes';
import type { Product } from '@common/contracts/products';

/**
 * The device's catalogue brought up to date by a changes answer (docs/decisions/0228): deleted SKUs
 * go, changed ones are replaced, new ones join; the result stays sorted by id, as GET /api/products
 * sends it. A SKU both deleted and changed was deleted and created again: the product wins.
 */
export function mergeChanges(current: readonly Product[], changes: Pick<CatalogueChanges, 'products' | 'deleted'>): Product[] {
  if (changes.products.length === 0 && changes.deleted.length === 0) return [...current];
  const deleted = new Set(changes.deleted);
  const changed = new Map(changes.products.map((p) => [p.id, p]));
  const merged: Product[] = [];
  for (const product of current) {
    const replacement = changed.get(product.id);
    if (replacement) {
      merged.push(replacement);
      changed.delete(product.id);
    } else if (!deleted.has(product.id)) merged.push(product);
  }
  if (changed.size === 0) return merged;
  merged.push(...changed.values());
  return merged.sort((a, b) => a.id - b.id);
}
