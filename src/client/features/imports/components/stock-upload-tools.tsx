import { Suspense, lazy, useState, type ReactNode } from 'react';
import type { CurrentUser } from '@common/contracts/auth';
import type { UploadOutcome } from './stock-upload';
import { UploadProgress } from './upload-progress';
import { UploadReportPanel } from './upload-report';

// The upload tools (and the upload contracts, with zod) load only for people who may use them
// (ADR 0154): a salesperson's /stock never downloads them.
const StockUploadActions = lazy(() => import('./stock-upload').then((m) => ({ default: m.StockUploadActions })));

/**
 * The stock, lots and incoming upload buttons and what they report, for a page of another feature:
 * src/client/app/routes/stock-route.tsx hands them to the stock page (docs/decisions/0226).
 * `actions` goes in the page's title bar, `status` above its table.
 */
export function useStockUploadTools(user: CurrentUser): { actions: ReactNode; status: ReactNode } {
  const [outcome, setOutcome] = useState<UploadOutcome | null>(null);
  const [uploading, setUploading] = useState<{ fileName: string; fraction: number } | null>(null);
  const permissions = new Set(user.permissions);
  const actions = (permissions.has('edit_stock') || permissions.has('download_template')) && (
    <Suspense fallback={null}>
      <StockUploadActions
        canUpload={permissions.has('edit_stock')}
        canDownloadTemplate={permissions.has('download_template')}
        onOutcome={setOutcome}
        onProgress={setUploading}
      />
    </Suspense>
  );
  const status = (
    <>
      {uploading && <UploadProgress {...uploading} />}
      {outcome && <UploadReportPanel kind={outcome.kind} report={outcome.report} onDismiss={() => setOutcome(null)} />}
    </>
  );
  return { actions, status };
}
