import { ChevronLeft, ChevronRight, Download, RefreshCw } from 'lucide-react';
import { useCallback, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { ActivityLogView } from '@common/contracts/activity';
import type { CurrentUser } from '@common/contracts/auth';
import { errorMessage } from '@client/lib/api-client';
import { Page } from '@client/components/page-frame';
import { UnauthorizedPage } from '@client/components/unauthorized-page';
import { Alert, AlertDescription, AlertTitle } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { Spinner } from '@client/components/ui/spinner';
import { useActivityLogs } from '../api/get-activity-logs';
import { ActivityDetailDialog } from '../components/activity-detail-dialog';
import { ActivityFilters } from '../components/activity-filters';
import { ActivityTable } from '../components/activity-table';
import { PageJump } from '../components/page-jump';
import { exportUrl, parseLogFilters, toSearchString, type LogFilters } from '../lib/log-filters';
import { formatCount } from '@common/domain/format';

const PATH = '/admin/activity-logs';

/** /admin/activity-logs (Activity Logs), for the admin role. */
export function ActivityLogsPage({ user }: { user: CurrentUser }) {
  if (user.activeRole !== 'admin') return <UnauthorizedPage />;
  return <ActivityLogs />;
}

function ActivityLogs() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const filters = parseLogFilters(search);
  const logs = useActivityLogs(filters);
  // The name of the user picked from the table, for the filter chip (the URL keeps only the id).
  const [pickedUser, setPickedUser] = useState<{ id: number; name: string } | null>(null);
  const [opened, setOpened] = useState<ActivityLogView | null>(null);

  const setFilters = useCallback(
    (patch: Partial<LogFilters>, options: { replace?: boolean } = {}) => {
      const current = parseLogFilters(window.location.search);
      // Any filter change starts again at the first page.
      const next = { ...current, ...patch, page: patch.page ?? 1 };
      const query = toSearchString(next);
      navigate(query ? `${PATH}?${query}` : PATH, { replace: options.replace ?? false });
    },
    [navigate],
  );

  const page = logs.data;
  const pageCount = page ? Math.max(1, Math.ceil(page.total / page.pageSize)) : 1;
  const userLabel =
    (pickedUser?.id === filters.userId ? pickedUser.name : null) ?? page?.logs.find((l) => l.userId === filters.userId)?.username ?? null;

  return (
    <Page
      title="Activity Logs"
      description="Sign-ins, page views, orders and changes across the portal, newest first."
      actions={
        <>
          <Button variant="outline" onClick={() => void logs.refetch()} loading={logs.isFetching && !logs.isPending}>
            <RefreshCw aria-hidden />
            Refresh
          </Button>
          <Button variant="outline" asChild>
            <a href={exportUrl(filters)} download>
              <Download aria-hidden />
              Export CSV
            </a>
          </Button>
        </>
      }
    >
      <ActivityFilters
        filters={filters}
        userLabel={userLabel}
        onChange={setFilters}
        onReset={() => {
          setPickedUser(null);
          navigate(PATH);
        }}
      />

      {logs.isPending && (
        <div className="flex items-center gap-2 py-8 text-muted-foreground">
          <Spinner /> Loading activity logs...
        </div>
      )}
      {logs.isError && (
        <Alert variant="destructive">
          <AlertTitle>Could not load activity logs</AlertTitle>
          <AlertDescription>{errorMessage(logs.error, 'Please try again.')}</AlertDescription>
        </Alert>
      )}
      {page && (
        <div className={logs.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined} aria-busy={logs.isFetching}>
          <p className="mb-3 text-sm text-muted-foreground" aria-live="polite">
            Showing {page.logs.length} of {formatCount(page.total)}
            {page.totalIsCapped ? '+' : ''} activity logs
          </p>
          {page.logs.length === 0 ? (
            <p className="rounded-card border border-dashed border-border p-8 text-center text-muted-foreground">
              No activity matches these filters. Reset shows everything.
            </p>
          ) : (
            <ActivityTable
              logs={page.logs}
              onFilterUser={(userId, name) => {
                setPickedUser({ id: userId, name });
                setFilters({ userId });
              }}
              onOpen={setOpened}
            />
          )}
          <nav aria-label="Activity log pages" className="mt-4 grid gap-3">
            <div className="flex items-center justify-between gap-3">
              <Button variant="outline" disabled={page.page <= 1} onClick={() => setFilters({ page: page.page - 1 })}>
                <ChevronLeft aria-hidden />
                Previous
              </Button>
              <span className="nums text-sm text-muted-foreground">
                Page {page.page} of {formatCount(pageCount)}
                {page.totalIsCapped ? '+' : ''}
              </span>
              <Button variant="outline" disabled={!page.hasMore} onClick={() => setFilters({ page: page.page + 1 })}>
                Next
                <ChevronRight aria-hidden />
              </Button>
            </div>
            {(pageCount > 1 || page.totalIsCapped) && (
              <PageJump current={page.page} last={page.totalIsCapped ? null : pageCount} onJump={(to) => setFilters({ page: to })} />
            )}
          </nav>
        </div>
      )}
      <ActivityDetailDialog log={opened} onClose={() => setOpened(null)} />
    </Page>
  );
}
