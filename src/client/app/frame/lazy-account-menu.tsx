import { useRef, useState } from 'react';
import type { CurrentUser } from '@common/contracts/auth';
import { loadOnUse } from '@client/lib/load-on-use';
import type { AccountMenu } from './account-menu';
import { AccountMenuButton } from './account-menu-button';

type AccountMenuComponent = typeof AccountMenu;

let LoadedMenu: AccountMenuComponent | undefined;
const loadMenu = loadOnUse(async () => {
  LoadedMenu = (await import('./account-menu')).AccountMenu;
});

/**
 * The account menu without its weight on the first paint (issue 15, ADR 0152): the menu brings
 * Radix Dropdown and its positioning code (about a tenth of a signed-in page's JavaScript), yet
 * nobody opens it before the page has painted. Its button shows at once; the menu loads when the
 * user heads for it (the pointer comes over the button, the keyboard focus reaches it, a finger
 * touches it) and opens when the button was pressed before it arrived. Loading it on idle instead
 * put its evaluation and first render into the page load's busiest seconds. Swapping in the real
 * button keeps the keyboard focus where it was.
 */
export function LazyAccountMenu({ user }: { user: CurrentUser }) {
  const [, setLoaded] = useState(LoadedMenu !== undefined);
  const [openWhenLoaded, setOpenWhenLoaded] = useState(false);
  const [focusWhenLoaded, setFocusWhenLoaded] = useState(false);
  const standIn = useRef<HTMLButtonElement>(null);

  const load = () => {
    void loadMenu().then(() => {
      // The real button takes the focus if the stand-in has it when the code arrives.
      setFocusWhenLoaded((wanted) => wanted || (document.activeElement !== null && document.activeElement === standIn.current));
      setLoaded(true);
    }, () => undefined);
  };

  if (LoadedMenu) return <LoadedMenu user={user} defaultOpen={openWhenLoaded} focusButton={focusWhenLoaded} />;
  return (
    <AccountMenuButton
      ref={standIn}
      user={user}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={load}
      onPointerDown={load}
      onFocus={load}
      onClick={() => {
        setOpenWhenLoaded(true);
        setFocusWhenLoaded(true);
        load();
      }}
    />
  );
}
