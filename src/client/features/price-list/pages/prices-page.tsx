import { FileText } from 'lucide-react';
import { useCallback, useMemo } from 'react';
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
import { CompanyChooser } from '@client/components/products/company-chooser';
import { DealerPriceText } from '@client/components/products/dealer-price';
import { Alert, AlertDescription } from '@client/components/ui/alert';
import type { DealerPrices } from '@client/lib/products/dealer-prices';
import { useCompanyChoice, useDealerCatalogue } from '@client/lib/products/use-dealer-catalogue';
import { useLoadingProgress } from '@client/lib/products/use-loading-progress';
import { useStockFilters } from '@client/lib/products/use-stock-filters';

const NO_PRODUCTS: Product[] = [];

const perSqft = (p: Product) => formatPrice(p.pricePerSqft);

/** The columns, with the dealer's price and where it came from (docs/decisions/0232). */
const columnsFor = (dealerPrices: DealerPrices): ProductColumn[] => [
  { id: 'sku', header: 'SKU', cell: (p) => p.id, width: '5.5rem', className: 'font-medium' },
  { id: 'line', header: 'Line', cell: (p) => p.line, width: '20%' },
  { id: 'format', header: 'Format', cell: (p) => p.size, width: '15%' },
  { id: 'color', header: 'Color', cell: (p) => p.color },
  { id: 'finish', header: 'Finish', cell: (p) => p.finish },
  { id: 'sold-by', header: 'Sold by', cell: (p) => sellingUnit(p.soldBy), width: '6rem' },
  {
    id: 'price',
    header: 'Price',
    cell: (p) => <DealerPriceText product={p} dealer={dealerPrices.get(p.id)} />,
    align: 'right',
    width: dealerPrices.size > 0 ? '11rem' : '7.5rem',
  },
  { id: 'per-sqft', header: 'Per sq ft', cell: perSqft, align: 'right', width: '7rem' },
];

function PriceCard({ product, dealerPrices }: { product: Product; dealerPrices: DealerPrices }) {
  return (
    <div className="nums grid gap-0.5">
      <div className="flex items-baseline justify-between gap-2">
        <span className="font-semibold">
          <span className="sr-only">SKU </span>
          {product.id}
        </span>
        <DealerPriceText product={product} dealer={dealerPrices.get(product.id)} per={sellingUnit(product.soldBy).toLowerCase()} />
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
export function PricesPage({ user }: { user: CurrentUser }) {
  useDocumentTitle('Prices');
  const [location] = useLocation();
  // The dealer's own prices; an admin may choose a company's (docs/decisions/0232).
  const [chosenCompany, chooseCompany] = useCompanyChoice(user);
  const query = useDealerCatalogue(user, chosenCompany);
  const { dealerPrices } = query;
  const columns = useMemo(() => columnsFor(dealerPrices), [dealerPrices]);
  const renderCard = useCallback((product: Product) => <PriceCard product={product} dealerPrices={dealerPrices} />, [dealerPrices]);
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
        {user.activeRole === 'admin' && <CompanyChooser companyId={chosenCompany} onChoose={chooseCompany} problem={query.pricesProblem} companyName={query.companyName} />}
        {query.pricesProblem && user.activeRole !== 'admin' && (
          <Alert variant="destructive">
            <AlertDescription>{query.pricesProblem}</AlertDescription>
          </Alert>
        )}
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
            <ProductTable products={rows} columns={columns} caption="Prices" renderCard={renderCard} />
          </>
        )}
      </main>
    </div>
  );
}
