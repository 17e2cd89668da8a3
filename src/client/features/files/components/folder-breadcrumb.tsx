import { ChevronRight, FolderOpen } from 'lucide-react';
import { Link } from 'wouter';
import type { Folder } from '@common/contracts/files';
import { folderHref } from '../lib/folder-path';

const crumbClass = 'inline-flex min-h-11 items-center rounded-md px-1 md:min-h-9';

/** "Folder breadcrumb (All Files)". The last crumb is where we are. */
export function FolderBreadcrumb({ path }: { path: readonly Folder[] }) {
  const atRoot = path.length === 0;
  return (
    <nav aria-label="Folder path" className="min-w-0">
      <ol className="flex flex-wrap items-center gap-x-1 text-sm">
        <li className="flex items-center">
          {atRoot ? (
            <span aria-current="page" className={`${crumbClass} gap-2 font-semibold`}>
              <FolderOpen className="size-4 text-accent" aria-hidden />
              All Files
            </span>
          ) : (
            <Link href={folderHref(null)} className={`${crumbClass} gap-2 text-accent hover:underline`}>
              <FolderOpen className="size-4" aria-hidden />
              All Files
            </Link>
          )}
        </li>
        {path.map((folder, index) => {
          const current = index === path.length - 1;
          return (
            <li key={folder.id} className="flex min-w-0 items-center gap-1">
              <ChevronRight className="size-4 shrink-0 text-muted-foreground" aria-hidden />
              {current ? (
                <span aria-current="page" className={`${crumbClass} min-w-0 font-semibold break-words`}>
                  {folder.name}
                </span>
              ) : (
                <Link href={folderHref(folder.id)} className={`${crumbClass} min-w-0 break-words text-accent hover:underline`}>
                  {folder.name}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
