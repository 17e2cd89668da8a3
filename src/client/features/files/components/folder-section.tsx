import { ChevronRight, Folder as FolderIcon, Trash2 } from 'lucide-react';
import { Link } from 'wouter';
import type { Folder } from '@common/contracts/files';
import { Button } from '@client/components/ui/button';
import { folderHref } from '../lib/folder-path';
import { DeleteFolderDialog } from './delete-folder-dialog';
import { FilesSection } from './section';

export function FolderSection({ folders, canManage }: { folders: readonly Folder[]; canManage: boolean }) {
  return (
    <FilesSection id="folders-heading" title="Folders" count={folders.length}>
      <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
        {folders.map((folder) => (
          <li key={folder.id} className="flex items-stretch rounded-card border border-border bg-surface shadow-xs transition-colors hover:border-accent/50">
            <Link
              href={folderHref(folder.id)}
              className="group flex min-h-14 min-w-0 flex-1 items-center gap-3 rounded-card px-3 py-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            >
              <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent-soft text-accent">
                <FolderIcon className="size-5" aria-hidden />
              </span>
              <span className="min-w-0 flex-1 font-medium break-words">{folder.name}</span>
              <ChevronRight className="size-4 shrink-0 text-muted-foreground transition-transform group-hover:translate-x-0.5" aria-hidden />
            </Link>
            {canManage && (
              <div className="flex items-center pr-1">
                <DeleteFolderDialog
                  folder={folder}
                  trigger={
                    <Button variant="ghost" size="icon" className="text-muted-foreground hover:text-destructive" aria-label={`Delete folder ${folder.name}`}>
                      <Trash2 aria-hidden />
                    </Button>
                  }
                />
              </div>
            )}
          </li>
        ))}
      </ul>
    </FilesSection>
  );
}
