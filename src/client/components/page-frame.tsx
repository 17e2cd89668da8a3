import { createContext, useContext, useLayoutEffect, type ReactNode } from 'react';
import { useDocumentTitle } from '@client/lib/use-document-title';
import { cn } from '@client/lib/utils';

/**
 * What a page tells the app frame (src/client/app/frame): its title and where its back
 * arrow goes. The frame lives in app/ and pages live in features, so they meet here.
 */
export interface FrameTitle {
  title: string;
  /** null: no back arrow (the dashboard is home). */
  backHref: string | null;
  backLabel: string;
}

export interface FrameContextValue {
  setTitle: (title: FrameTitle) => void;
  /** What the Unauthorized screen offers besides going back (Switch role for an admin acting as another role). */
  unauthorizedAction?: ReactNode;
}

export const FrameContext = createContext<FrameContextValue | null>(null);

export function useFrame(): FrameContextValue | null {
  return useContext(FrameContext);
}

/** Sets the frame's title and back arrow (before paint, so nothing flickers) and the tab's title. */
export function PageTitle({
  title,
  backHref = '/dashboard',
  backLabel = 'Back to dashboard',
  actions,
}: {
  title: string;
  backHref?: string | null;
  backLabel?: string;
  /** The screen's own buttons, in a row under the frame. */
  actions?: ReactNode;
}) {
  useDocumentTitle(title);
  const frame = useFrame();
  const setTitle = frame?.setTitle;
  useLayoutEffect(() => setTitle?.({ title, backHref, backLabel }), [setTitle, title, backHref, backLabel]);
  return (
    <>
      {/* Outside the frame (never in the app; kept so a page is never without its heading). */}
      {!frame && <h1 className="sr-only">{title}</h1>}
      {actions && (
        <div className="mx-auto flex max-w-6xl flex-wrap justify-end gap-2 px-4 pt-3 *:flex-auto sm:px-6 sm:*:flex-none print:hidden">
          {actions}
        </div>
      )}
    </>
  );
}

/**
 * A signed-in screen's body: the title goes to the frame; a description and the main
 * actions open the content. Phones stack the actions under the description.
 */
export function Page({
  title,
  description,
  actions,
  backHref,
  backLabel,
  className,
  children,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  backHref?: string | null;
  backLabel?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <>
      <PageTitle title={title} backHref={backHref} backLabel={backLabel} />
      <main className={cn('mx-auto flex max-w-6xl flex-col gap-5 px-4 pt-4 pb-12 sm:px-6 sm:pt-6', className)}>
        {(description || actions) && (
          <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
            {description ? <p className="text-sm text-muted-foreground">{description}</p> : <span />}
            {actions && <div className="flex flex-wrap gap-2 *:flex-auto sm:justify-end sm:*:flex-none">{actions}</div>}
          </div>
        )}
        {children}
      </main>
    </>
  );
}
