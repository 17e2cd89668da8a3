import type { CurrentUser } from '@common/contracts/auth';
import { COMPANY_ROLE_LABELS } from '@common/domain/companies';
import { errorMessage } from '@client/lib/api-client';
import { Page } from '@client/components/page-frame';
import { UnauthorizedPage } from '@client/components/unauthorized-page';
import { Alert, AlertDescription, AlertTitle } from '@client/components/ui/alert';
import { Spinner } from '@client/components/ui/spinner';
import { useOwnCompany } from '../api/companies';
import { BuyersCard } from '../components/buyers-card';
import { LocationsCard } from '../components/locations-card';
import { RepOrdersCard } from '../components/rep-orders-card';
import { CompanyFacts } from './company-page';

/**
 * /company ("My company"): the dealer's company and locations; its company admin also manages the
 * locations and buyers (docs/decisions/0230). The server decides: buyers come only to the company admin.
 */
export function MyCompanyPage({ user }: { user: CurrentUser }) {
  if (user.activeRole !== 'bold_customer') return <UnauthorizedPage />;
  return <MyCompany />;
}

function MyCompany() {
  const own = useOwnCompany();
  const isAdmin = own.data?.companyRole === 'admin';
  return (
    <Page
      title="My Company"
      description={own.data ? `Your role at ${own.data.company.name}: ${COMPANY_ROLE_LABELS[own.data.companyRole]}.${isAdmin ? '' : ' Your company admin manages its locations and buyers.'}` : undefined}
    >
      {own.isPending && (
        <div className="flex items-center gap-2 py-8 text-muted-foreground">
          <Spinner /> Loading your company...
        </div>
      )}
      {own.isError && (
        <Alert variant="destructive">
          <AlertTitle>Could not load your company</AlertTitle>
          <AlertDescription>{errorMessage(own.error, 'Please try again.')}</AlertDescription>
        </Alert>
      )}
      {own.data && (
        <>
          <CompanyFacts company={own.data.company} />
          <LocationsCard scope="own" locations={own.data.locations} canEdit={isAdmin} />
          <RepOrdersCard company={own.data.company} canEdit={isAdmin} />
          {own.data.buyers && <BuyersCard scope="own" buyers={own.data.buyers} companyName={own.data.company.name} />}
        </>
      )}
    </Page>
  );
}
