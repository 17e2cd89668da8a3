import { ChevronLeft, ChevronRight, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useLocation } from 'wouter';
import type { CurrentUser } from '@common/contracts/auth';
import type { PriceListEntryView } from '@common/contracts/price-lists';
import { formatPrice } from '@common/domain/money';
import { ConfirmDialog } from '@client/components/confirm-dialog';
import { Page } from '@client/components/page-frame';
import { UnauthorizedPage } from '@client/components/unauthorized-page';
import { Alert, AlertDescription, AlertTitle } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { Label } from '@client/components/ui/label';
import { SearchInput } from '@client/components/ui/search-input';
import { Spinner } from '@client/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@client/components/ui/table';
import { toast } from '@client/components/ui/use-toast';
import { errorMessage } from '@client/lib/api-client';
import { useDeleteEntry, useDeletePriceList, usePriceList, usePriceListEntries, useUpdatePriceList } from '../api/price-lists';
import { Assignments } from '../components/assignments';
import { EntryDialog } from '../components/entry-dialog';
import { ListFormDialog } from '../components/list-form-dialog';
import { describeDates } from './admin-price-lists-page';

/** /admin/price-lists/{id}: one list's header, assignments and entries (docs/decisions/0231). */
export function AdminPriceListPage({ user, id }: { user: CurrentUser; id: number }) {
  if (user.activeRole !== 'admin') return <UnauthorizedPage />;
  return <PriceListScreen id={id} />;
}

function PriceListScreen({ id }: { id: number }) {
  const detail = usePriceList(id);
  const update = useUpdatePriceList(id);
  const remove = useDeletePriceList();
  const [, navigate] = useLocation();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);

  if (detail.isPending) {
    return (
      <Page title="Price List" backHref="/admin/price-lists" backLabel="Price Lists">
        <div className="flex items-center gap-2 py-8 text-muted-foreground">
          <Spinner /> Loading the list...
        </div>
      </Page>
    );
  }
  if (detail.isError) {
    return (
      <Page title="Price List" backHref="/admin/price-lists" backLabel="Price Lists">
        <Alert variant="destructive">
          <AlertTitle>Could not load the list</AlertTitle>
          <AlertDescription>{errorMessage(detail.error, 'Please try again.')}</AlertDescription>
        </Alert>
      </Page>
    );
  }
  const { list, assignments } = detail.data;
  return (
    <Page
      title={list.code}
      backHref="/admin/price-lists"
      backLabel="Price Lists"
      description={
        <>
          <span className="font-medium text-foreground">{list.name}</span> · {describeDates(list)} · {list.skuCount.toLocaleString('en-US')} SKUs,{' '}
          {list.entryCount.toLocaleString('en-US')} prices
        </>
      }
      actions={
        <>
          <Button variant="outline" onClick={() => setEditing(true)}>
            <Pencil aria-hidden />
            Edit
          </Button>
          <Button variant="outline" onClick={() => setDeleting(true)}>
            <Trash2 aria-hidden />
            Delete
          </Button>
        </>
      }
    >
      <Assignments listId={id} assignments={assignments} />
      <Entries listId={id} />
      <ListFormDialog open={editing} onOpenChange={setEditing} list={list} save={(body) => update.mutateAsync(body)} pending={update.isPending} />
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title={`Delete ${list.code}?`}
        description="Its prices and assignments go with it; dealers pay their next list or the base price at once. This cannot be undone."
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(id, {
            onSuccess: () => {
              toast({ title: 'Price list deleted', variant: 'success' });
              navigate('/admin/price-lists');
            },
            onError: (error) => toast({ title: 'Could not delete the list', description: errorMessage(error, 'Please try again.'), variant: 'destructive' }),
            onSettled: () => setDeleting(false),
          })
        }
      />
    </Page>
  );
}

function Entries({ listId }: { listId: number }) {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const entries = usePriceListEntries(listId, { search, page });
  const removeEntry = useDeleteEntry(listId);
  const [editing, setEditing] = useState<{ entry: PriceListEntryView | null } | null>(null);
  const pages = entries.data ? Math.max(1, Math.ceil(entries.data.total / entries.data.pageSize)) : 1;

  return (
    <section className="grid gap-3" aria-labelledby="entries-title">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="entries-title" className="text-lg font-semibold">
          Prices
        </h2>
        <Button variant="outline" onClick={() => setEditing({ entry: null })}>
          <Plus aria-hidden />
          Add SKU
        </Button>
      </div>
      <div className="grid gap-2 sm:max-w-sm">
        <Label htmlFor="entry-search">Search prices</Label>
        <SearchInput
          id="entry-search"
          placeholder="SKU or product name"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setPage(1);
          }}
        />
      </div>
      {entries.isPending && (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner /> Loading prices...
        </p>
      )}
      {entries.isError && <p className="text-sm text-destructive">{errorMessage(entries.error, 'Could not load the prices.')}</p>}
      {entries.data?.entries.length === 0 && <p className="text-sm text-muted-foreground">{search ? 'No SKU of this list matches.' : 'No prices yet: add a SKU or upload a file.'}</p>}
      {entries.data && entries.data.entries.length > 0 && (
        <>
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>SKU</TableHead>
                <TableHead className="hidden sm:table-cell">Product</TableHead>
                <TableHead>Prices</TableHead>
                <TableHead className="hidden text-right sm:table-cell">Base</TableHead>
                <TableHead className="text-right">
                  <span className="sr-only">Actions</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {entries.data.entries.map((entry) => (
                <TableRow key={entry.sku}>
                  <TableCell className="nums font-medium">{entry.sku}</TableCell>
                  <TableCell className="hidden break-words sm:table-cell">{entry.name ?? <span className="text-muted-foreground">Not in the catalogue</span>}</TableCell>
                  <TableCell className="nums">
                    <ul className="grid gap-0.5">
                      {entry.breaks.map((b) => (
                        <li key={b.minQuantity}>
                          {b.minQuantity > 1 ? `${b.minQuantity}+ ` : ''}
                          {formatPrice(b.price)}
                        </li>
                      ))}
                    </ul>
                  </TableCell>
                  <TableCell className="nums hidden text-right text-muted-foreground sm:table-cell">{formatPrice(entry.basePrice)}</TableCell>
                  <TableCell className="text-right whitespace-nowrap">
                    <Button variant="ghost" size="icon" aria-label={`Edit the prices of SKU ${entry.sku}`} onClick={() => setEditing({ entry })}>
                      <Pencil aria-hidden />
                    </Button>
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={`Remove SKU ${entry.sku} from the list`}
                      disabled={removeEntry.isPending}
                      onClick={() =>
                        removeEntry.mutate(entry.sku, {
                          onSuccess: () => toast({ title: `SKU ${entry.sku} removed from the list`, variant: 'success' }),
                          onError: (error) => toast({ title: 'Could not remove the SKU', description: errorMessage(error, 'Please try again.'), variant: 'destructive' }),
                        })
                      }
                    >
                      <Trash2 aria-hidden />
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <nav aria-label="Pages of prices" className="flex items-center justify-between gap-3">
            <Button variant="outline" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              <ChevronLeft aria-hidden /> Previous
            </Button>
            <span className="nums text-center text-sm text-muted-foreground">
              Page {page} of {pages} · {entries.data.total.toLocaleString('en-US')} SKUs
            </span>
            <Button variant="outline" disabled={page >= pages} onClick={() => setPage(page + 1)}>
              Next <ChevronRight aria-hidden />
            </Button>
          </nav>
        </>
      )}
      <EntryDialog listId={listId} entry={editing?.entry ?? null} open={editing !== null} onOpenChange={(open) => !open && setEditing(null)} />
    </section>
  );
}
