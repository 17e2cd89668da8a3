import type { Folder } from '@common/contracts/files';

/**
 * The folders from the root down to `folderId` (for the breadcrumb), or null
 * when the folder does not exist. Stops on a cycle rather than looping forever.
 */
export function folderPath(folders: readonly Folder[], folderId: number | null): Folder[] | null {
  if (folderId === null) return [];
  const byId = new Map(folders.map((f) => [f.id, f]));
  const path: Folder[] = [];
  const seen = new Set<number>();
  let current = byId.get(folderId);
  if (!current) return null;
  while (current && !seen.has(current.id)) {
    seen.add(current.id);
    path.unshift(current);
    current = current.parentId === null ? undefined : byId.get(current.parentId);
  }
  return path;
}

export function childFolders(folders: readonly Folder[], parentId: number | null): Folder[] {
  return folders.filter((f) => f.parentId === parentId);
}

/** `?folder=12` from the URL; anything else means the root. */
export function parseFolderParam(value: string | null): number | null {
  if (!value || !/^\d{1,9}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

export function folderHref(folderId: number | null): string {
  return folderId === null ? '/files' : `/files?folder=${folderId}`;
}
