import { useEffect } from 'react';

const APP_TITLE = 'BOLD Portal';

/** Names the browser tab after the screen, so tabs, history and screen readers can tell pages apart. */
export function useDocumentTitle(title: string | null): void {
  useEffect(() => {
    document.title = title ? `${title} · ${APP_TITLE}` : APP_TITLE;
  }, [title]);
}
