import type { FolderContents } from '@common/contracts/files';
import { formatFileSize } from './file-size';

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/**
 * "2 folders, 5 files (3.1 MB) and 1 link" for the delete confirmation
 * (docs/product-decisions.md: it says how much); null when the folder is empty.
 */
export function describeContents(contents: FolderContents): string | null {
  const parts: string[] = [];
  if (contents.folders > 0) parts.push(plural(contents.folders, 'folder', 'folders'));
  if (contents.files > 0) parts.push(`${plural(contents.files, 'file', 'files')} (${formatFileSize(contents.bytes)})`);
  if (contents.links > 0) parts.push(plural(contents.links, 'link', 'links'));
  if (parts.length === 0) return null;
  if (parts.length === 1) return parts[0]!;
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}
