import { Building2, Plus, Upload } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { Link, useLocation } from 'wouter';
import type { CurrentUser } from '@common/contracts/auth';
import { errorMessage } from '@client/lib/api-client';
import { Page } from '@client/components/page-frame';
import { UnauthorizedPage } from '@client/components/unauthorized-page';
import { Alert, AlertDescription, AlertTitle } from '@client/components/ui/alert';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { FormField } from '@client/components/ui/form-field';
import { SearchInput } from '@client/components/ui/search-input';
import { Spinner } from '@client/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@client/components/ui/table';
import { useCompanies } from '../api/companies';
import { CompanyFormDialog } from '../components/company-form-dialog';
import { RepsImportDialog } from '../components/reps-import-dialog';
import { COMPANY_STATUS_LABELS } from '../lib/labels';

const PAGE_SIZE = 25;

/** /admin/companies: every dealer company, searched by name or account number (docs/decisions/0230). */
export function CompaniesPage({ user }: { user: CurrentUser }) {
  if (user.activeRole !== 'admin') return <UnauthorizedPage />;
  return <Companies />;
}

function Companies() {
  const [, navigate] = useLocation();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const [importing, setImporting] = useState(false);
  const deferred = useDeferredValue(search.trim());
  const companies = useCompanies({ search: deferred, page, pageSize: PAGE_SIZE });
  const total = companies.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  return (
    <Page
      title="Companies"
      description="Dealer companies: their account numbers, price groups, locations and buyers."
      actions={
        <>
          <Button variant="outline" onClick={() => setImporting(true)}>
            <Upload aria-hidden />
            Upload Rep Assignments
          </Button>
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden />
            New Company
          </Button>
        </>
      }
    >
      <FormField label="Search companies" hint="Name or account number." className="max-w-md">
        {(control) => (
          <SearchInput
            {...control}
            value={search}
            autoComplete="off"
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(1);
            }}
          />
        )}
      </FormField>
      {companies.isPending && (
        <div className="flex items-center gap-2 py-8 text-muted-foreground">
          <Spinner /> Loading companies...
        </div>
      )}
      {companies.isError && (
        <Alert variant="destructive">
          <AlertTitle>Could not load the companies</AlertTitle>
          <AlertDescription>{errorMessage(companies.error, 'Please try again.')}</AlertDescription>
        </Alert>
      )}
      {companies.data && companies.data.companies.length === 0 && (
        <div className="flex flex-col items-center gap-2 rounded-card border border-dashed border-border px-4 py-12 text-center">
          <Building2 className="size-8 text-muted-foreground" aria-hidden />
          <p className="font-medium">{deferred ? 'No company matches' : 'No companies yet'}</p>
        </div>
      )}
      {companies.data && companies.data.companies.length > 0 && (
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Company</TableHead>
              <TableHead>Account</TableHead>
              <TableHead className="hidden sm:table-cell">Price group</TableHead>
              <TableHead className="hidden sm:table-cell">Buyers</TableHead>
              <TableHead>Status</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {companies.data.companies.map((company) => (
              <TableRow key={company.id}>
                <TableCell className="max-w-56 break-words">
                  <Link href={`/admin/companies/${company.id}`} className="font-medium text-accent underline-offset-4 hover:underline">
                    {company.name}
                  </Link>
                </TableCell>
                <TableCell>{company.accountNumber ?? '—'}</TableCell>
                <TableCell className="hidden sm:table-cell">{company.priceGroup ?? '—'}</TableCell>
                <TableCell className="hidden sm:table-cell">{company.buyerCount}</TableCell>
                <TableCell>
                  <Badge variant={company.status === 'active' ? 'success' : company.status === 'on_hold' ? 'warning' : 'outline'}>{COMPANY_STATUS_LABELS[company.status]}</Badge>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {total > PAGE_SIZE && (
        <nav aria-label="Pages" className="flex flex-wrap items-center justify-between gap-2 text-sm">
          <span className="text-muted-foreground">
            Page {page} of {pages} · {total} companies
          </span>
          <span className="flex gap-2">
            <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
              Previous
            </Button>
            <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
              Next
            </Button>
          </span>
        </nav>
      )}
      <RepsImportDialog open={importing} onOpenChange={setImporting} />
      <CompanyFormDialog open={creating} onOpenChange={setCreating} onSaved={(company) => navigate(`/admin/companies/${company.id}`)} />
    </Page>
  );
}
