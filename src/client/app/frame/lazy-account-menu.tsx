import { useEffect, useRef, useState } from 'react';
import type { CurrentUser } from '@common/contracts/auth';
import { loadOnUse } from '@client/lib/load-on-use';
import type { AccountMenu } from './account-menu';
import { AccountMenuButton } from './account-menu-button';

type AccountMenuComponent = typeof AccountMenu;

let LoadedMenu: AccountMenuComponent | undefined;
const loadMenu = loadOnUse(async () => {
  LoadedMenu = (await import('./account-menu')).AccountMenu;
});

/** Runs `task` when the browser is idle after the page painted (a timer where there is no idle callback). */
function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(task, { timeout: 3000 });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(task, 200);
  return () => clearTimeout(timer);
}

/**
 * The account menu without its weight on the first paint (issue 15, ADR 0152): the menu brings
 * Radix Dropdown and its positioning code (about a tenth of a signed-in page's JavaScript), yet
 * nobody opens it before the page has painted. Its button shows at once; the menu loads once the
 * browser is idle, or at once when the button is pressed first, and then opens. Swapping in the
 * real button keeps the keyboard focus where it was.
 */
export function LazyAccountMenu({ user }: { user: CurrentUser }) {
  const [, setLoaded] = useState(LoadedMenu !== undefined);
  const [openWhenLoaded, setOpenWhenLoaded] = useState(false);
  const [focusWhenLoaded, setFocusWhenLoaded] = useState(false);
  const standIn = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (LoadedMenu) return;
    let live = true;
    const show = () => {
      if (!live) return;
      setFocusWhenLoaded(document.activeElement !== null && document.activeElement === standIn.current);
      setLoaded(true);
    };
    const cancel = whenIdle(() => void loadMenu().then(show, () => undefined));
    return () => {
      live = false;
      cancel();
    };
  }, []);

  if (LoadedMenu) return <LoadedMenu user={user} defaultOpen={openWhenLoaded} focusButton={focusWhenLoaded} />;
  return (
    <AccountMenuButton
      ref={standIn}
      user={user}
      aria-haspopup="menu"
      aria-expanded={false}
      onClick={() => {
        setOpenWhenLoaded(true);
        setFocusWhenLoaded(true);
        void loadMenu().then(() => setLoaded(true), () => undefined);
      }}
    />
  );
}
