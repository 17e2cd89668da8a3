import { useDeferredValue, useState } from 'react';
import { Pencil, Trash2 } from 'lucide-react';
import type { MerchandiseAdminItem } from '@common/contracts/merchandise';
import { MERCHANDISE_LISTS, type MerchandiseType } from '@common/domain/cart-rules';
import { ConfirmDialog } from '@client/components/confirm-dialog';
import { LoadingState } from '@client/components/loading-state';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Label } from '@client/components/ui/label';
import { SearchInput } from '@client/components/ui/search-input';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@client/components/ui/table';
import { TOAST_DURATION, toast } from '@client/components/ui/use-toast';
import { errorMessage } from '@client/lib/api-client';
import { useAdminMerchandise, useRemoveMerchandise } from '../api/manage-merchandise';
import { EditMerchandiseDialog } from './edit-merchandise-dialog';

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Labels and handboards are grouped by line, displays and price lists by category; either shows when the other is blank. */
const groupOf = (item: MerchandiseAdminItem) =>
  (item.type === 'label' || item.type === 'handboard' ? (item.line ?? item.category) : (item.category ?? item.line)) ?? '';

function matches(item: MerchandiseAdminItem, search: string): boolean {
  if (!search) return true;
  return [item.code, item.name, item.line, item.category].some((value) => value?.toLowerCase().includes(search));
}

/**
 * What is loaded (docs/decisions/0131): counts per type, a table per type with search,
 * edit of one item and delete (or deactivate, when carts or orders refer to it).
 */
export function MerchandiseCatalogue() {
  const query = useAdminMerchandise();
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search.trim().toLowerCase());
  const [editing, setEditing] = useState<MerchandiseAdminItem | null>(null);
  const [removing, setRemoving] = useState<MerchandiseAdminItem | null>(null);
  const remove = useRemoveMerchandise();

  if (query.isPending) return <LoadingState>Loading merchandise…</LoadingState>;
  if (query.isError) return <p role="alert">{errorMessage(query.error, 'The merchandise could not be loaded.')}</p>;

  const items = query.data;
  const shown = items.filter((item) => matches(item, deferred));

  const confirmRemove = () => {
    if (!removing) return;
    remove.mutate(removing.id, {
      onSuccess: (result) => {
        toast({
          title: result.outcome === 'deleted' ? 'Merchandise Deleted' : 'Merchandise Deactivated',
          description: result.message,
          variant: 'success',
          duration: result.outcome === 'deleted' ? TOAST_DURATION.short : TOAST_DURATION.warning,
        });
        setRemoving(null);
      },
      onError: (error) => toast({ title: 'Failed to remove', description: errorMessage(error, 'Please try again.'), variant: 'destructive' }),
    });
  };

  return (
    <section aria-labelledby="loaded-merchandise" className="grid gap-4">
      <h2 id="loaded-merchandise" className="text-lg font-semibold">
        Loaded merchandise
      </h2>
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4" aria-label="Items per type">
        {MERCHANDISE_LISTS.map((list) => {
          const ofType = items.filter((i) => i.type === list.type);
          const inactive = ofType.filter((i) => !i.active).length;
          return (
            <li key={list.type} className="rounded-card border border-border bg-surface p-3">
              <span className="nums block text-2xl font-semibold">{ofType.length - inactive}</span>
              <span className="text-sm text-muted-foreground">
                {list.title}
                {inactive > 0 && ` (+${inactive} deactivated)`}
              </span>
            </li>
          );
        })}
      </ul>
      <div className="grid max-w-md gap-2">
        <Label htmlFor="merchandise-search">Search merchandise</Label>
        <SearchInput id="merchandise-search" placeholder="Code, name, line or category" value={search} onChange={(e) => setSearch(e.target.value)} />
      </div>
      {MERCHANDISE_LISTS.map((list) => (
        <TypeTable
          key={list.type}
          type={list.type}
          title={list.title}
          items={shown.filter((i) => i.type === list.type)}
          onEdit={setEditing}
          onRemove={setRemoving}
        />
      ))}
      <EditMerchandiseDialog item={editing} onOpenChange={(open) => !open && setEditing(null)} />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={`Delete ${removing?.code ?? ''}?`}
        description={
          <p>
            {removing?.name} will be deleted. If carts or orders refer to it, it is deactivated instead: salespeople no longer see it, it
            leaves open carts, and orders keep their lines.
          </p>
        }
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        pending={remove.isPending}
        onConfirm={confirmRemove}
      />
    </section>
  );
}

function TypeTable({
  type,
  title,
  items,
  onEdit,
  onRemove,
}: {
  type: MerchandiseType;
  title: string;
  items: MerchandiseAdminItem[];
  onEdit: (item: MerchandiseAdminItem) => void;
  onRemove: (item: MerchandiseAdminItem) => void;
}) {
  const groupHeader = type === 'label' || type === 'handboard' ? 'Line' : 'Category';
  const actions = (item: MerchandiseAdminItem) => (
    <div className="flex justify-end gap-1">
      <Button variant="ghost" size="icon" onClick={() => onEdit(item)} aria-label={`Edit ${item.code}`}>
        <Pencil aria-hidden />
      </Button>
      {item.active && (
        <Button variant="ghost" size="icon" onClick={() => onRemove(item)} aria-label={`Delete ${item.code}`}>
          <Trash2 aria-hidden />
        </Button>
      )}
    </div>
  );
  return (
    <section aria-label={title} className="grid gap-2">
      <h3 className="font-semibold">
        {title} <span className="nums font-normal text-muted-foreground">({items.length})</span>
      </h3>
      {items.length === 0 ? (
        <p className="text-sm text-muted-foreground">No {title.toLowerCase()} match.</p>
      ) : (
        <>
          <Table containerClassName="hidden md:block">
            <TableHeader>
              <TableRow>
                <TableHead>Code</TableHead>
                <TableHead>Name</TableHead>
                <TableHead>{groupHeader}</TableHead>
                <TableHead className="text-right">Price</TableHead>
                <TableHead>
                  <span className="sr-only">Actions</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {items.map((item) => (
                <TableRow key={item.id} className={item.active ? undefined : 'text-muted-foreground'}>
                  <TableCell className="font-medium break-all">
                    {item.code}
                    {!item.active && (
                      <Badge variant="outline" className="ml-2">
                        Deactivated
                      </Badge>
                    )}
                  </TableCell>
                  <TableCell>{item.name}</TableCell>
                  <TableCell>{groupOf(item)}</TableCell>
                  <TableCell className="nums text-right">{money.format(Number(item.price))}</TableCell>
                  <TableCell className="w-28">{actions(item)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <ul className="grid gap-2 md:hidden" aria-label={`${title} list`}>
            {items.map((item) => (
              <li key={item.id} className="flex items-start gap-2 rounded-card border border-border bg-surface p-3">
                <div className="min-w-0 flex-1">
                  <p className="font-medium break-all">
                    {item.code}
                    {!item.active && (
                      <Badge variant="outline" className="ml-2">
                        Deactivated
                      </Badge>
                    )}
                  </p>
                  <p className="break-words">{item.name}</p>
                  <p className="text-sm text-muted-foreground">
                    {[groupOf(item), money.format(Number(item.price))].filter(Boolean).join(' · ')}
                  </p>
                </div>
                {actions(item)}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
