import { ExternalLink, Link2 } from 'lucide-react';
import type { Link } from '@common/contracts/files';
import { useDeleteLink } from '../api/delete-link';
import { DeleteItemButton } from './delete-item-button';
import { FilesSection } from './section';

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

export function LinkSection({ links, canManage }: { links: readonly Link[]; canManage: boolean }) {
  return (
    <FilesSection id="links-heading" title="Links" count={links.length}>
      <ul className="divide-y divide-border overflow-hidden rounded-card border border-border bg-surface shadow-xs">
        {links.map((link) => (
          <LinkRow key={link.id} link={link} canManage={canManage} />
        ))}
      </ul>
    </FilesSection>
  );
}

function LinkRow({ link, canManage }: { link: Link; canManage: boolean }) {
  const deleteLink = useDeleteLink();
  return (
    <li className="flex items-center gap-3 px-3 py-2 sm:px-4">
      <Link2 className="size-6 shrink-0 text-accent" aria-hidden />
      <div className="flex min-w-0 flex-1 flex-col pb-1">
        {/* Others open links; a new tab that cannot reach back into the portal. */}
        <a
          href={link.url}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex min-h-11 items-center gap-1.5 self-start rounded-sm font-medium text-accent hover:underline md:min-h-0"
        >
          <span className="min-w-0 break-words">{link.title}</span>
          <ExternalLink className="size-3.5 shrink-0" aria-hidden />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
        {link.description && <p className="text-sm text-muted-foreground">{link.description}</p>}
        <span className="text-xs break-all text-muted-foreground">{hostOf(link.url)}</span>
      </div>
      {canManage && <DeleteItemButton kind="link" name={link.title} onDelete={() => deleteLink.mutateAsync(link)} />}
    </li>
  );
}
