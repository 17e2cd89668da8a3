import { ChevronLeft, ChevronRight, Download, Plus, Tags } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import type { CurrentUser } from '@common/contracts/auth';
import type { PriceListView } from '@common/contracts/price-lists';
import { Page } from '@client/components/page-frame';
import { UnauthorizedPage } from '@client/components/unauthorized-page';
import { Alert, AlertDescription, AlertTitle } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { Label } from '@client/components/ui/label';
import { SearchInput } from '@client/components/ui/search-input';
import { Spinner } from '@client/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@client/components/ui/table';
import { errorMessage } from '@client/lib/api-client';
import { useCreatePriceList, usePriceLists } from '../api/price-lists';
import { ListFormDialog } from '../components/list-form-dialog';
import { PriceFileUpload } from '../components/price-file-upload';
import { PriceListUploadHistory } from '../components/upload-history';

/** "Jan 1, 2026 – Dec 31, 2026", "From Jan 1, 2026", "Always". */
export function describeDates(list: Pick<PriceListView, 'validFrom' | 'validTo'>): string {
  if (!list.validFrom && !list.validTo) return 'Always';
  if (!list.validTo) return `From ${list.validFrom}`;
  if (!list.validFrom) return `Until ${list.validTo}`;
  return `${list.validFrom} to ${list.validTo}`;
}

/** /admin/price-lists: contract and tier price lists, their files and history (docs/decisions/0231). */
export function AdminPriceListsPage({ user }: { user: CurrentUser }) {
  if (user.activeRole !== 'admin') return <UnauthorizedPage />;
  return <PriceLists />;
}

function PriceLists() {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const [, navigate] = useLocation();
  const lists = usePriceLists({ search, page });
  const create = useCreatePriceList();
  const pages = lists.data ? Math.max(1, Math.ceil(lists.data.total / lists.data.pageSize)) : 1;

  return (
    <Page
      title="Price Lists"
      description="Contract and tier prices: each list is assigned to companies or price groups; a dealer pays the first list that prices a SKU."
      actions={
        <>
          <Button variant="outline" asChild>
            <a href="/api/admin/price-lists/template" download>
              <Download aria-hidden />
              Template
            </a>
          </Button>
          <PriceFileUpload />
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden />
            New Price List
          </Button>
        </>
      }
    >
      <div className="grid gap-2 sm:max-w-sm">
        <Label htmlFor="price-list-search">Search lists</Label>
        <SearchInput
          id="price-list-search"
          placeholder="Code or name"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setPage(1);
          }}
        />
      </div>

      {lists.isPending && (
        <div className="flex items-center gap-2 py-8 text-muted-foreground">
          <Spinner /> Loading price lists...
        </div>
      )}
      {lists.isError && (
        <Alert variant="destructive">
          <AlertTitle>Could not load the price lists</AlertTitle>
          <AlertDescription>{errorMessage(lists.error, 'Please try again.')}</AlertDescription>
        </Alert>
      )}
      {lists.data?.lists.length === 0 && (
        <div className="flex flex-col items-center gap-2 rounded-card border border-dashed border-border px-4 py-12 text-center">
          <Tags className="size-8 text-muted-foreground" aria-hidden />
          <p className="font-medium">{search ? 'No list matches this search' : 'No price lists yet'}</p>
          <p className="text-sm text-muted-foreground">Create one with New Price List, then add prices or upload a file.</p>
        </div>
      )}
      {lists.data && lists.data.lists.length > 0 && (
        <>
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Code</TableHead>
                <TableHead>Name</TableHead>
                <TableHead className="hidden sm:table-cell">Valid</TableHead>
                <TableHead className="text-right">SKUs</TableHead>
                <TableHead className="hidden text-right sm:table-cell">Assigned to</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {lists.data.lists.map((list) => (
                <TableRow key={list.id}>
                  <TableCell className="font-medium">
                    <Link href={`/admin/price-lists/${list.id}`} className="text-accent underline-offset-4 hover:underline">
                      {list.code}
                    </Link>
                  </TableCell>
                  <TableCell className="break-words">{list.name}</TableCell>
                  <TableCell className="hidden sm:table-cell">{describeDates(list)}</TableCell>
                  <TableCell className="nums text-right">{list.skuCount.toLocaleString('en-US')}</TableCell>
                  <TableCell className="nums hidden text-right sm:table-cell">{list.assignmentCount}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <nav aria-label="Pages" className="flex items-center justify-between gap-3">
            <Button variant="outline" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              <ChevronLeft aria-hidden /> Previous
            </Button>
            <span className="nums text-center text-sm text-muted-foreground">
              Page {page} of {pages} · {lists.data.total} {lists.data.total === 1 ? 'list' : 'lists'}
            </span>
            <Button variant="outline" disabled={page >= pages} onClick={() => setPage(page + 1)}>
              Next <ChevronRight aria-hidden />
            </Button>
          </nav>
        </>
      )}

      <PriceListUploadHistory />

      <ListFormDialog open={creating} onOpenChange={setCreating} save={(body) => create.mutateAsync(body)} pending={create.isPending} onSaved={(detail) => navigate(`/admin/price-lists/${detail.list.id}`)} />
    </Page>
  );
}
