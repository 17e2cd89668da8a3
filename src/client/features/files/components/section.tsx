import type { ReactNode } from 'react';

/** One of the three sections of Files & Links, with its count. */
export function FilesSection({ id, title, count, children }: { id: string; title: string; count: number; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h2 id={id} className="flex items-baseline gap-2 text-sm font-semibold tracking-wide text-muted-foreground uppercase">
        {title}
        <span className="nums font-normal normal-case">({count})</span>
      </h2>
      {children}
    </section>
  );
}
