import { Search } from 'lucide-react';
import { useDeferredValue, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { CurrentUser } from '@common/contracts/auth';
import type { Product } from '@common/contracts/products';
import { PageTitle } from '@client/components/page-frame';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { InventoryError, InventoryLoading } from '@client/components/products/inventory-status';
import { ProductCard } from '../components/product-card';
import type { RenderStockAddAction } from '../components/stock-add-row';
import { ResultCount } from '@client/components/products/result-count';
import { useCompanyChoice, useDealerCatalogue } from '@client/lib/products/use-dealer-catalogue';
import { CompanyChooser } from '@client/components/products/company-chooser';
import { useLoadingProgress } from '@client/lib/products/use-loading-progress';
import { useWindowRows } from '@client/lib/products/use-window-rows';

const NO_PRODUCTS: Product[] = [];
/** A first guess per row; rows are measured once drawn. */
const CARD_HEIGHT = 380;
const PHONE_CARD_HEIGHT = 160;

/** Columns for the grid's width: one on phones up to four on wide screens. */
function columnsFor(width: number): number {
  if (width >= 1100) return 4;
  if (width >= 800) return 3;
  if (width >= 520) return 2;
  return 1;
}

/** Text search on name or description; every word must appear. */
function matchesText(product: Product, words: readonly string[]): boolean {
  if (words.length === 0) return true;
  const text = `${product.name}\u0001${product.description ?? ''}`.toLowerCase();
  return words.every((word) => text.includes(word));
}

/**
 * /catalog (Product Catalog): a card grid with search on name or
 * description. Rows of cards render only near the viewport. `renderAddAction` is
 * the cart feature's add button, the same slot the stock row takes.
 */
export function CatalogPage({ user, renderAddAction }: { user: CurrentUser; renderAddAction?: RenderStockAddAction }) {
  useDocumentTitle('Product Catalog');
  const searchId = useId();
  // The dealer's own prices on the cards (docs/decisions/0232); an admin may choose a company's, as on /stock.
  const [chosenCompany, chooseCompany] = useCompanyChoice(user);
  const query = useDealerCatalogue(user, chosenCompany);
  const progress = useLoadingProgress(query.isPending);
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search);
  const all = query.products ?? NO_PRODUCTS;
  const loaded = query.products !== undefined;
  const shown = useMemo(() => {
    const words = deferred.toLowerCase().split(/\s+/).filter(Boolean);
    return all.filter((p) => matchesText(p, words));
  }, [all, deferred]);

  const gridRef = useRef<HTMLDivElement>(null);
  const [columns, setColumns] = useState(1);
  useLayoutEffect(() => {
    const element = gridRef.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setColumns(columnsFor(entry?.contentRect.width ?? 0)));
    observer.observe(element);
    return () => observer.disconnect();
  }, [loaded]);

  const rowCount = Math.ceil(shown.length / columns);
  const { listRef, virtualizer, items, paddingTop, paddingBottom } = useWindowRows<HTMLDivElement>({
    count: rowCount,
    estimateSize: columns === 1 ? PHONE_CARD_HEIGHT : CARD_HEIGHT,
    getItemKey: (index) => `${columns}-${index}`,
  });

  return (
    <div className="min-h-dvh">
      <PageTitle title="Product Catalog" />
      <main className="mx-auto grid max-w-6xl gap-4 px-4 pt-4 pb-16 sm:px-6">
        {user.activeRole === 'admin' && <CompanyChooser companyId={chosenCompany} onChoose={chooseCompany} problem={query.pricesProblem} companyName={query.companyName} />}
        {query.isPending ? (
          <InventoryLoading progress={progress} />
        ) : query.isError ? (
          <InventoryError />
        ) : (
          <>
            <div className="grid gap-1.5">
              <Label htmlFor={searchId} className="text-xs text-muted-foreground">
                Search by name or description
              </Label>
              <div className="relative">
                <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
                <Input id={searchId} type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder="Marble look, hexagon, walnut…" className="pl-9" />
              </div>
            </div>
            <ResultCount shown={shown.length} total={all.length} partialOf={query.partialOf} />
            <div ref={gridRef}>
              {shown.length === 0 ? (
                <p className="rounded-card border border-dashed border-border px-4 py-10 text-center text-muted-foreground">
                  No products match this search.
                </p>
              ) : (
                <div ref={listRef} style={{ paddingTop, paddingBottom }}>
                  {items.map((item) => (
                    <ul
                      key={item.key}
                      data-index={item.index}
                      ref={virtualizer.measureElement}
                      className="grid gap-4 pb-4"
                      style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}
                    >
                      {shown.slice(item.index * columns, item.index * columns + columns).map((product) => (
                        <li key={product.id}>
                          <ProductCard product={product} dealer={query.dealerPrices.get(product.id)} renderAddAction={renderAddAction} />
                        </li>
                      ))}
                    </ul>
                  ))}
                </div>
              )}
            </div>
          </>
        )}
      </main>
    </div>
  );
}
