import { FileText } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import type { CurrentUser } from '@common/contracts/auth';
import type { Product } from '@common/contracts/products';
import { formatPrice } from '@common/domain/money';
import { sellingUnit } from '@common/domain/units';
import { PageTitle } from '@client/components/page-frame';
import { Button } from '@client/components/ui/button';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { InventoryError, InventoryLoading } from '@client/components/products/inventory-status';
import { ProductTable, type ProductColumn } from '@client/components/products/product-table';
import { ResultCount } from '@client/components/products/result-count';
import { StockFiltersBar } from '@client/components/products/stock-filters';
import { useFilteredProducts } from '@client/lib/products/use-filtered-products';
import { useCatalogue } from '@client/lib/products/use-catalogue';
import { useLoadingProgress } from '@client/lib/products/use-loading-progress';
import { useStockFilters } from '@client/lib/products/use-stock-filters';

const NO_PRODUCTS: Product[] = [];

const perSqft = (p: Product) => formatPrice(p.pricePerSqft);

const COLUMNS: ProductColumn[] = [
  { id: 'sku', header: 'SKU', cell: (p) => p.id, width: '5.5rem', className: 'font-medium' },
  { id: 'line', header: 'Line', cell: (p) => p.line, width: '20%' },
  { id: 'format', header: 'Format', cell: (p) => p.size, width: '15%' },
  { id: 'color', header: 'Color', cell: (p) => p.color },
  { id: 'finish', header: 'Finish', cell: (p) => p.finish },
  { id: 'sold-by', header: 'Sold by', cell: (p) => sellingUnit(p.soldBy), width: '6rem' },
  { id: 'price', header: 'Price', cell: (p) => formatPrice(p.price), align: 'right', className: 'font-semibold', width: '7.5rem' },
  { id: 'per-sqft', header: 'Per sq ft', cell: perSqft, align: 'right', width: '7rem' },
];

function PriceCard({ product }: { product: Product }) {
  return (
    <div className="nums grid gap-0.5">
      <div className="flex items-baseline justify-between gap-2">
        <span className="font-semibold">
          <span className="sr-only">SKU </span>
          {product.id}
        </span>
        <span className="font-semibold">
          {formatPrice(product.price)}
          <span className="text-xs font-normal text-muted-foreground"> per {sellingUnit(product.soldBy).toLowerCase()}</span>
        </span>
      </div>
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <span className="truncate">{[product.line, product.size].filter(Boolean).join(' · ')}</span>
        <span className="shrink-0 text-muted-foreground">{perSqft(product)} / sq ft</span>
      </div>
      <p className="text-sm text-muted-foreground">{[product.color, product.finish].filter(Boolean).join(' · ')}</p>
    </div>
  );
}

/**
 * /prices (docs/product-decisions.md): the stock screen's filters over a table of prices,
 * prices per square foot and selling units, for roles with view_prices.
 */
export function PricesPage(_props: { user: CurrentUser }) {
  useDocumentTitle('Prices');
  const [location] = useLocation();
  const query = useCatalogue();
  const progress = useLoadingProgress(query.isPending);
  const { filters, setSearch, setFilter, reset } = useStockFilters();
  const all = query.products ?? NO_PRODUCTS;
  const { rows, search, options, applied } = useFilteredProducts(all, filters);

  return (
    <div className="min-h-dvh">
      <PageTitle
        title="Prices"
        actions={
          <Button variant="outline" size="sm" asChild>
            <Link href="/price-list.pdf" state={{ from: `${location}${window.location.search}` }}>
              <FileText aria-hidden />
              <span className="max-sm:sr-only">Price list </span>PDF
            </Link>
          </Button>
        }
      />
      <main className="mx-auto grid max-w-6xl gap-4 px-4 pt-4 pb-16 sm:px-6">
        {/* The filters come first, before the catalogue: the page is usable (and painted) while it loads. */}
        {!query.isError && (
          <StockFiltersBar filters={filters} options={options} search={search} onSearch={setSearch} onFilter={setFilter} onReset={reset} />
        )}
        {query.isPending ? (
          <InventoryLoading progress={progress} />
        ) : query.isError ? (
          <InventoryError />
        ) : (
          <>
            <ResultCount shown={rows.length} total={all.length} appliedSearch={applied.search} />
            <ProductTable products={rows} columns={COLUMNS} caption="Prices" renderCard={(product) => <PriceCard product={product} />} />
          </>
        )}
      </main>
    </div>
  );
}
