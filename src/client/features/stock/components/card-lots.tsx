import { useState } from 'react';
import type { Product } from '@common/contracts/products';
import { ProductLots } from './product-lots';

/**
 * The catalog card's lots and arrivals, asked for only when opened: a page of cards
 * must not cost a request per card.
 */
export function CardLots({ product }: { product: Product }) {
  const [open, setOpen] = useState(false);
  return (
    <details className="text-sm" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="cursor-pointer py-1 text-xs font-medium text-muted-foreground hover:text-foreground">Lots and arrivals</summary>
      {open && (
        <div className="pt-1">
          <ProductLots product={product} />
        </div>
      )}
    </details>
  );
}
