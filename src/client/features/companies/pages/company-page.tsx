import { Pencil, ReceiptText } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import type { CurrentUser } from '@common/contracts/auth';
import type { CompanyView } from '@common/contracts/companies';
import { errorMessage } from '@client/lib/api-client';
import { Page } from '@client/components/page-frame';
import { UnauthorizedPage } from '@client/components/unauthorized-page';
import { Alert, AlertDescription, AlertTitle } from '@client/components/ui/alert';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { Spinner } from '@client/components/ui/spinner';
import { useCompany } from '../api/companies';
import { BuyersCard } from '../components/buyers-card';
import { CompanyFormDialog } from '../components/company-form-dialog';
import { LocationsCard } from '../components/locations-card';
import { RepsCard } from '../components/reps-card';
import { COMPANY_STATUS_LABELS } from '../lib/labels';

/** /admin/companies/:id: one company, its locations and buyers, and a link to its orders. */
export function CompanyPage({ user, companyId }: { user: CurrentUser; companyId: number }) {
  if (user.activeRole !== 'admin') return <UnauthorizedPage />;
  return <Company companyId={companyId} />;
}

function Company({ companyId }: { companyId: number }) {
  const detail = useCompany(companyId);
  const [editing, setEditing] = useState(false);
  const company = detail.data?.company;
  return (
    <Page
      title={company?.name ?? 'Company'}
      backHref="/admin/companies"
      backLabel="Back to companies"
      actions={
        company && (
          <>
            <Button variant="outline" asChild>
              <Link href={`/orders?company=${company.id}`}>
                <ReceiptText aria-hidden />
                Orders
              </Link>
            </Button>
            <Button onClick={() => setEditing(true)}>
              <Pencil aria-hidden />
              Edit Company
            </Button>
          </>
        )
      }
    >
      {detail.isPending && (
        <div className="flex items-center gap-2 py-8 text-muted-foreground">
          <Spinner /> Loading the company...
        </div>
      )}
      {detail.isError && (
        <Alert variant="destructive">
          <AlertTitle>Could not load the company</AlertTitle>
          <AlertDescription>{errorMessage(detail.error, 'Please try again.')}</AlertDescription>
        </Alert>
      )}
      {detail.data && company && (
        <>
          <CompanyFacts company={company} />
          <LocationsCard scope={{ companyId }} locations={detail.data.locations} canEdit />
          <BuyersCard scope={{ companyId }} buyers={detail.data.buyers} companyName={company.name} />
          <RepsCard companyId={companyId} companyName={company.name} />
          <CompanyFormDialog open={editing} onOpenChange={setEditing} company={company} />
        </>
      )}
    </Page>
  );
}

/** The company's account facts, shared by the admin's page and My company. */
export function CompanyFacts({ company }: { company: CompanyView }) {
  const facts: [string, string][] = [
    ['Account number', company.accountNumber ?? '—'],
    ['Price group', company.priceGroup ?? '—'],
    ['Payment terms', company.paymentTerms ?? '—'],
    ['Buyers', String(company.buyerCount)],
  ];
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center gap-2">
        <CardTitle className="break-words">{company.name}</CardTitle>
        <Badge variant={company.status === 'active' ? 'success' : company.status === 'on_hold' ? 'warning' : 'outline'}>{COMPANY_STATUS_LABELS[company.status]}</Badge>
      </CardHeader>
      <CardContent className="grid gap-4">
        <dl className="grid grid-cols-2 gap-x-6 gap-y-3 text-sm md:grid-cols-4">
          {facts.map(([label, value]) => (
            <div key={label}>
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="font-medium break-words">{value}</dd>
            </div>
          ))}
        </dl>
        {company.notes && <p className="text-sm break-words whitespace-pre-line text-muted-foreground">{company.notes}</p>}
      </CardContent>
    </Card>
  );
}
