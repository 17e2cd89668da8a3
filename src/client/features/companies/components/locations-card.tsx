import { MapPin, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { LocationView } from '@common/contracts/companies';
import { errorMessage } from '@client/lib/api-client';
import { ConfirmDialog } from '@client/components/confirm-dialog';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { toast } from '@client/components/ui/use-toast';
import { useDeleteLocation, type CompanyScope } from '../api/companies';
import { LOCATION_KIND_LABELS } from '../lib/labels';
import { LocationDialog } from './location-dialog';

/** The company's ship-to and bill-to addresses; editable for an admin or the company admin. */
export function LocationsCard({ scope, locations, canEdit }: { scope: CompanyScope; locations: LocationView[]; canEdit: boolean }) {
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<LocationView | null>(null);
  const [removing, setRemoving] = useState<LocationView | null>(null);
  const remove = useDeleteLocation(scope);

  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div>
          <CardTitle>Locations</CardTitle>
          <CardDescription>Where orders ship and where invoices go.</CardDescription>
        </div>
        {canEdit && (
          <Button variant="outline" onClick={() => setAdding(true)}>
            <Plus aria-hidden />
            Add Location
          </Button>
        )}
      </CardHeader>
      <CardContent>
        {locations.length === 0 ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <MapPin className="size-4" aria-hidden /> No locations yet.
          </p>
        ) : (
          <ul className="grid gap-3 md:grid-cols-2">
            {locations.map((location) => (
              <li key={location.id} className="flex flex-col gap-2 rounded-md border border-border p-3">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-medium break-words">{location.name}</span>
                  <Badge variant="outline">{LOCATION_KIND_LABELS[location.kind]}</Badge>
                  {location.isDefault && <Badge variant="accent">Default</Badge>}
                </div>
                <address className="text-sm break-words text-muted-foreground not-italic">
                  {location.contactName} · {location.phone}
                  <br />
                  {location.street}
                  {location.street2 ? `, ${location.street2}` : ''}
                  <br />
                  {location.city}, {location.state} {location.zip}
                </address>
                {canEdit && (
                  <div className="flex flex-wrap gap-2">
                    <Button variant="outline" size="sm" onClick={() => setEditing(location)} aria-label={`Edit ${location.name}`}>
                      <Pencil aria-hidden />
                      Edit
                    </Button>
                    <Button variant="ghost" size="sm" onClick={() => setRemoving(location)} aria-label={`Delete ${location.name}`}>
                      <Trash2 aria-hidden />
                      Delete
                    </Button>
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <LocationDialog open={adding} onOpenChange={setAdding} scope={scope} />
      <LocationDialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)} scope={scope} location={editing ?? undefined} />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Delete this location?"
        description={`${removing?.name ?? ''} is no longer offered at checkout. Orders placed to it keep their address.`}
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        pending={remove.isPending}
        onConfirm={() => {
          if (!removing) return;
          remove.mutate(removing.id, {
            onSuccess: () => toast({ title: 'Location deleted', variant: 'success' }),
            onError: (error) => toast({ title: 'Failed to delete the location', description: errorMessage(error, 'Please try again.'), variant: 'destructive' }),
            onSettled: () => setRemoving(null),
          });
        }}
      />
    </Card>
  );
}
