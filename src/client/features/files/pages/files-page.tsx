import { CircleAlert, FolderSearch, Inbox } from 'lucide-react';
import { Link, useLocation, useSearch } from 'wouter';
import type { CurrentUser } from '@common/contracts/auth';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { PageTitle } from '@client/components/page-frame';
import { Alert, AlertDescription, AlertTitle } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { Spinner } from '@client/components/ui/spinner';
import { useFiles } from '../api/get-files';
import { useFolders } from '../api/get-folders';
import { useLinks } from '../api/get-links';
import { FileSection } from '../components/file-section';
import { FilesToolbar } from '../components/files-toolbar';
import { FolderBreadcrumb } from '../components/folder-breadcrumb';
import { FolderSection } from '../components/folder-section';
import { LinkSection } from '../components/link-section';
import { childFolders, folderHref, folderPath, parseFolderParam } from '../lib/folder-path';

/**
 * /files (Files & Links): a breadcrumb from All Files, then the open
 * folder's folders, files and links. The open folder lives in the URL
 * (?folder=12) so Back and refresh keep it (docs/ui-rules.md). Admins get the toolbar and
 * delete buttons; the server enforces the same rules.
 */
export function FilesPage({ user }: { user: CurrentUser }) {
  const search = useSearch();
  const [, navigate] = useLocation();
  const folderId = parseFolderParam(new URLSearchParams(search).get('folder'));
  const canManage = user.activeRole === 'admin';

  // Three requests side by side, no waterfall: every folder (for the breadcrumb), and this folder's files and links.
  const folders = useFolders();
  const files = useFiles(folderId);
  const links = useLinks(folderId);

  const path = folders.data ? folderPath(folders.data, folderId) : [];
  const current = path?.at(-1) ?? null;
  useDocumentTitle(current ? `${current.name} · Files & Links` : 'Files & Links');

  const retry = () => {
    if (folders.isError) void folders.refetch();
    if (files.isError) void files.refetch();
    if (links.isError) void links.refetch();
  };

  let body;
  if (folders.isError || files.isError || links.isError) {
    body = (
      <Alert variant="destructive">
        <CircleAlert aria-hidden />
        <AlertTitle>Could not load files and links</AlertTitle>
        <AlertDescription className="flex flex-col items-start gap-3">
          Check your connection and try again.
          <Button variant="outline" onClick={retry}>
            Retry
          </Button>
        </AlertDescription>
      </Alert>
    );
  } else if (folders.isPending || files.isPending || links.isPending) {
    body = (
      <div className="flex items-center justify-center gap-2 py-16 text-muted-foreground">
        <Spinner className="size-5 text-accent" /> Loading files and links…
      </div>
    );
  } else if (path === null) {
    body = <FolderNotFound />;
  } else {
    const subfolders = childFolders(folders.data, folderId);
    const empty = subfolders.length === 0 && files.data.length === 0 && links.data.length === 0;
    body = empty ? (
      <EmptyState canManage={canManage} />
    ) : (
      <div className="flex flex-col gap-8">
        {subfolders.length > 0 && <FolderSection folders={subfolders} canManage={canManage} />}
        {files.data.length > 0 && <FileSection files={files.data} canManage={canManage} />}
        {links.data.length > 0 && <LinkSection links={links.data} canManage={canManage} />}
      </div>
    );
  }

  return (
    <div className="min-h-dvh">
      <PageTitle title="Files & Links" />
      <main className="mx-auto flex max-w-6xl flex-col gap-5 px-4 pt-4 pb-12 sm:px-6 sm:pt-6">
        <div className="flex flex-col gap-3 md:flex-row md:items-center md:justify-between">
          <FolderBreadcrumb path={path ?? []} />
          {canManage && path !== null && (
            // Deleting the open folder returns the view to the root.
            <FilesToolbar current={current} onCurrentDeleted={() => navigate(folderHref(null), { replace: true })} />
          )}
        </div>
        <div aria-live="polite" aria-busy={folders.isFetching || files.isFetching || links.isFetching}>
          {body}
        </div>
      </main>
    </div>
  );
}

function EmptyState({ canManage }: { canManage: boolean }) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-card border border-dashed border-input px-4 py-14 text-center">
      <Inbox className="size-10 text-muted-foreground" aria-hidden />
      <p className="text-lg font-semibold">No items found</p>
      <p className="max-w-sm text-sm text-muted-foreground">
        {canManage ? 'Use New Folder, Upload File or Add Link to fill this folder.' : 'Nothing has been shared here yet.'}
      </p>
    </div>
  );
}

function FolderNotFound() {
  return (
    <div className="flex flex-col items-center gap-3 rounded-card border border-border bg-surface px-4 py-14 text-center">
      <FolderSearch className="size-10 text-muted-foreground" aria-hidden />
      <p className="text-lg font-semibold">Folder not found</p>
      <p className="max-w-sm text-sm text-muted-foreground">It may have been deleted.</p>
      <Button asChild variant="outline">
        <Link href={folderHref(null)}>Go to All Files</Link>
      </Button>
    </div>
  );
}
