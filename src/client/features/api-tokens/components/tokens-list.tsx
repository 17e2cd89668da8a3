import type { ApiTokenView } from '@common/contracts/integrations';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@client/components/ui/table';
import { when } from '@client/lib/when';

function tokenState(token: ApiTokenView): { label: string; variant: 'success' | 'destructive' | 'outline' } {
  if (token.revokedAt) return { label: 'Revoked', variant: 'destructive' };
  if (token.expiresAt && new Date(token.expiresAt).getTime() <= Date.now()) return { label: 'Expired', variant: 'outline' };
  return { label: 'Active', variant: 'success' };
}

function Scopes({ token }: { token: ApiTokenView }) {
  return (
    <div className="flex flex-wrap gap-1">
      {token.scopes.map((s) => (
        <Badge key={s} variant="outline" className="font-mono">
          {s}
        </Badge>
      ))}
    </div>
  );
}

function RevokeButton({ token, onRevoke }: { token: ApiTokenView; onRevoke: (t: ApiTokenView) => void }) {
  if (tokenState(token).label !== 'Active') return null;
  return (
    <Button variant="outline" size="sm" className="text-destructive" onClick={() => onRevoke(token)} aria-label={`Revoke ${token.name}`}>
      Revoke
    </Button>
  );
}

/** Name, scopes, created, last used, expiry and Revoke; cards on phones. The token itself is never here. */
export function TokensList({ tokens, onRevoke }: { tokens: ApiTokenView[]; onRevoke: (t: ApiTokenView) => void }) {
  return (
    <>
      <Table containerClassName="hidden md:block">
        <TableHeader>
          <TableRow>
            <TableHead>Name</TableHead>
            <TableHead>Scopes</TableHead>
            <TableHead>Created</TableHead>
            <TableHead>Last used</TableHead>
            <TableHead>Expires</TableHead>
            <TableHead>Status</TableHead>
            <TableHead>
              <span className="sr-only">Revoke</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {tokens.map((t) => {
            const state = tokenState(t);
            return (
              <TableRow key={t.id}>
                <TableCell>
                  <div className="font-medium">{t.name}</div>
                  <div className="font-mono text-xs text-muted-foreground">{t.prefix}…</div>
                </TableCell>
                <TableCell className="max-w-64">
                  <Scopes token={t} />
                </TableCell>
                <TableCell className="nums whitespace-nowrap">
                  {when(t.createdAt)}
                  {t.createdBy && <div className="text-xs text-muted-foreground">by {t.createdBy}</div>}
                </TableCell>
                <TableCell className="nums whitespace-nowrap">{when(t.lastUsedAt, 'Never')}</TableCell>
                <TableCell className="nums whitespace-nowrap">{when(t.expiresAt, 'Never')}</TableCell>
                <TableCell>
                  <Badge variant={state.variant}>{state.label}</Badge>
                </TableCell>
                <TableCell className="py-1 text-right">
                  <RevokeButton token={t} onRevoke={onRevoke} />
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      <ul className="grid gap-3 md:hidden">
        {tokens.map((t) => {
          const state = tokenState(t);
          return (
            <li key={t.id} className="grid gap-2 rounded-card border border-border bg-surface p-4">
              <div className="flex items-start justify-between gap-2">
                <div className="min-w-0">
                  <div className="font-medium">{t.name}</div>
                  <div className="font-mono text-xs text-muted-foreground">{t.prefix}…</div>
                </div>
                <Badge variant={state.variant}>{state.label}</Badge>
              </div>
              <Scopes token={t} />
              <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-sm">
                <dt className="text-muted-foreground">Created</dt>
                <dd className="nums">
                  {when(t.createdAt)}
                  {t.createdBy ? ` by ${t.createdBy}` : ''}
                </dd>
                <dt className="text-muted-foreground">Last used</dt>
                <dd className="nums">{when(t.lastUsedAt, 'Never')}</dd>
                <dt className="text-muted-foreground">Expires</dt>
                <dd className="nums">{when(t.expiresAt, 'Never')}</dd>
              </dl>
              <div>
                <RevokeButton token={t} onRevoke={onRevoke} />
              </div>
            </li>
          );
        })}
      </ul>
    </>
  );
}
