import { useCallback, useMemo, useState, type ReactNode } from 'react';
import type { CurrentUser } from '@common/contracts/auth';
import type { Product } from '@common/contracts/products';
import { PageTitle } from '@client/components/page-frame';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { InventoryError, InventoryLoading } from '@client/components/products/inventory-status';
import { ProductTable, type ProductColumn } from '@client/components/products/product-table';
import { StockCell } from '../components/stock-cell';
import { SkuCell } from '../components/sku-cell';
import { StockFiltersBar } from '@client/components/products/stock-filters';
import { StockRowDetail, type RenderStockAddAction } from '../components/stock-row-detail';
import { ResultCount } from '@client/components/products/result-count';
import { useFilteredProducts } from '@client/lib/products/use-filtered-products';
import { CompanyChooser } from '@client/components/products/company-chooser';
import { Alert, AlertDescription } from '@client/components/ui/alert';
import { useCompanyChoice, useDealerCatalogue } from '@client/lib/products/use-dealer-catalogue';
import { useLoadingProgress } from '@client/lib/products/use-loading-progress';
import { useStockFilters } from '@client/lib/products/use-stock-filters';

const NO_PRODUCTS: Product[] = [];

function StockCard({ product, coloured }: { product: Product; coloured: boolean }) {
  return (
    <div className="grid gap-0.5">
      <div className="flex items-baseline justify-between gap-2">
        <span className="font-semibold">
          <span className="sr-only">SKU </span>
          <SkuCell product={product} coloured={coloured} />
        </span>
        <span className="truncate text-sm text-muted-foreground">{product.line}</span>
      </div>
      <p className="text-sm">{[product.size, product.color, product.finish].filter(Boolean).join(' · ')}</p>
      <StockCell product={product} />
    </div>
  );
}

/**
 * /stock, BOLD Stock Check: filters, smart search and the stock table;
 * with edit_stock the CSV upload. The cart feature supplies `renderAddAction`
 * through src/client/app; without it a row shows availability and the quantity only. The imports
 * feature supplies the upload buttons (`uploadActions`) and their progress and report (`uploadStatus`).
 */
export function StockPage({
  user,
  renderAddAction,
  uploadActions,
  uploadStatus,
}: {
  user: CurrentUser;
  renderAddAction?: RenderStockAddAction;
  uploadActions?: ReactNode;
  uploadStatus?: ReactNode;
}) {
  useDocumentTitle('BOLD Stock Check');
  // The dealer's prices beside the shared catalogue (docs/decisions/0232); an admin may choose a company's.
  const [chosenCompany, chooseCompany] = useCompanyChoice(user);
  const query = useDealerCatalogue(user, chosenCompany);
  const { dealerPrices } = query;
  const progress = useLoadingProgress(query.isPending);
  const { filters, setSearch, setFilter, reset } = useStockFilters();
  const all = query.products ?? NO_PRODUCTS;
  const { rows, search, options, applied } = useFilteredProducts(all, filters);
  const [openId, setOpenId] = useState<number | null>(null);

  const permissions = new Set(user.permissions);
  // Prices are hidden for salespeople; they see the SKU instead.
  // The open row shows the price to every role that may see prices; only the cart hides it from salespeople.
  const showPrice = permissions.has('view_prices');
  const colouredSku = user.activeRole === 'admin' && filters.stockStatus === 'all';

  // The table's props stay the same object while only the search box changed, so the keystroke's
  // first render skips the rows (ADR 0188): list what a cell or render function reads in its deps.
  const columns = useMemo<ProductColumn[]>(
    () => [
      { id: 'sku', header: 'SKU', cell: (p) => <SkuCell product={p} coloured={colouredSku} />, width: '10rem' },
      { id: 'line', header: 'Line', cell: (p) => p.line, width: '22%' },
      { id: 'format', header: 'Format', cell: (p) => p.size, width: '14%' },
      { id: 'color', header: 'Color', cell: (p) => p.color },
      { id: 'finish', header: 'Finish', cell: (p) => p.finish },
      // Each row's availability at a glance, not one click per row.
      { id: 'stock', header: 'Stock', cell: (p) => <StockCell product={p} />, width: '15rem' },
    ],
    [colouredSku],
  );
  const toggleRow = useCallback((id: number) => setOpenId((current) => (current === id ? null : id)), []);
  const renderDetail = useCallback(
    (product: Product) => (
      <StockRowDetail product={product} showPrice={showPrice} dealer={dealerPrices.get(product.id)} renderAddAction={renderAddAction} />
    ),
    [showPrice, dealerPrices, renderAddAction],
  );
  const renderCard = useCallback((product: Product) => <StockCard product={product} coloured={colouredSku} />, [colouredSku]);

  return (
    <div className="min-h-dvh">
      <PageTitle
        title="BOLD Stock Check"
        actions={uploadActions}
      />
      <main className="mx-auto grid max-w-6xl gap-4 px-4 pt-4 pb-16 sm:px-6">
        {uploadStatus}
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
            <ResultCount shown={rows.length} total={all.length} appliedSearch={applied.search} partialOf={query.partialOf} />
            <ProductTable
              products={rows}
              columns={columns}
              caption="Stock"
              openId={openId}
              onToggle={toggleRow}
              renderDetail={renderDetail}
              renderCard={renderCard}
            />
          </>
        )}
      </main>
    </div>
  );
}
