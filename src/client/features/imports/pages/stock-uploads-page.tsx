import { History, Layers, Table2, Truck } from 'lucide-react';
import { Suspense, lazy, useState, type ReactNode } from 'react';
import { useSearch } from 'wouter';
import type { CurrentUser } from '@common/contracts/auth';
import { Page } from '@client/components/page-frame';
import { UnauthorizedPage } from '@client/components/unauthorized-page';
import { Card, CardContent } from '@client/components/ui/card';
import { useDocumentTitle } from '@client/lib/use-document-title';
import type { UploadOutcome } from '../components/stock-upload';
import { UploadProgress } from '../components/upload-progress';
import { UploadReportPanel } from '../components/upload-report';

const StockUploadActions = lazy(() => import('../components/stock-upload').then((m) => ({ default: m.StockUploadActions })));

function Kind({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <li>
      <Card className="h-full">
        <CardContent className="grid gap-1 pt-4 text-sm sm:pt-5">
          <h2 className="flex items-center gap-2 text-base font-semibold">
            {icon}
            {title}
          </h2>
          <p className="text-muted-foreground">{children}</p>
        </CardContent>
      </Card>
    </li>
  );
}

/**
 * /admin/uploads (docs/decisions/0214): the stock, lots and incoming uploads and their one history,
 * where an admin looks for them, not only on Check Stock. The same upload buttons and dialogs as
 * /stock; /admin/uploads?show=history opens the history.
 */
export function StockUploadsPage({ user }: { user: CurrentUser }) {
  useDocumentTitle('Stock uploads');
  const search = useSearch();
  const [outcome, setOutcome] = useState<UploadOutcome | null>(null);
  const [uploading, setUploading] = useState<{ fileName: string; fraction: number } | null>(null);
  const permissions = new Set(user.permissions);
  if (!permissions.has('edit_stock')) return <UnauthorizedPage />;
  const historyAtStart = new URLSearchParams(search).get('show') === 'history';

  return (
    <Page title="Stock uploads">
      <p className="text-sm text-muted-foreground">
        Upload the stock file, the lots file or the incoming file. Each is checked and shown before anything changes; the upload history keeps every
        file, from here and from integrations.
      </p>
      {/* One toolbar row under the text, so the buttons never stack beside it. */}
      <div className="flex flex-wrap gap-2 *:flex-auto sm:*:flex-none" role="group" aria-label="Upload tools">
        <Suspense fallback={null}>
          <StockUploadActions
            canUpload
            canDownloadTemplate={permissions.has('download_template')}
            onOutcome={setOutcome}
            onProgress={setUploading}
            historyOpenAtStart={historyAtStart}
          />
        </Suspense>
      </div>
      {uploading && <UploadProgress {...uploading} />}
      {outcome && <UploadReportPanel kind={outcome.kind} report={outcome.report} onDismiss={() => setOutcome(null)} />}
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4" aria-label="What each file does">
        <Kind icon={<Table2 className="size-4" aria-hidden />} title="Stock file (CSV)">
          Prices, stock levels and product details, one row per SKU. Upload CSV.
        </Kind>
        <Kind icon={<Layers className="size-4" aria-hidden />} title="Lots file">
          The shade lots each listed SKU has in the warehouse, with their boxes. Upload lots.
        </Kind>
        <Kind icon={<Truck className="size-4" aria-hidden />} title="Incoming file">
          Boxes on their way for each listed SKU, with the arrival date. Upload incoming.
        </Kind>
        <Kind icon={<History className="size-4" aria-hidden />} title="Upload history">
          Every stock, lots and incoming file: who sent it, when, what it changed, and the file itself.
        </Kind>
      </ul>
    </Page>
  );
}
