import { useRef, useState, type ComponentType, type KeyboardEvent, type PointerEvent } from 'react';
import { loadOnUse } from './load-on-use';

/** What a menu loaded on demand is told by its stand-in button. */
export interface OnDemandMenuProps {
  /** The stand-in was pressed before the code arrived: open at once. */
  defaultOpen: boolean;
  /** The stand-in had the keyboard focus: the real button takes it. */
  focusButton: boolean;
}

export interface MenuOnDemand<P> {
  load(): Promise<void>;
  loaded(): ComponentType<P & OnDemandMenuProps> | undefined;
}

/**
 * A header menu whose code (Radix Dropdown and its positioning, about a sixth of a signed-in
 * page's first-load script) loads when the user heads for its button (ADR 0199, after 0152
 * and 0194). Once loaded it stays loaded for every later page.
 */
export function menuOnDemand<P>(load: () => Promise<ComponentType<P & OnDemandMenuProps>>): MenuOnDemand<P> {
  let Loaded: ComponentType<P & OnDemandMenuProps> | undefined;
  const start = loadOnUse(async () => {
    Loaded = await load();
  });
  return { load: start, loaded: () => Loaded };
}

/**
 * The stand-in button's behaviour until the menu's code is in: the pointer coming over it, the
 * keyboard focus reaching it or a finger touching it starts the download; a press (the same ones
 * Radix's trigger opens on: primary pointer down, Enter, Space, ArrowDown; and a click, which is
 * what assistive technology sends) opens the menu as soon as it arrives, with the focus in it.
 * A download that fails leaves the stand-in, and the next press tries again.
 */
export function useMenuOnDemand<P>(menu: MenuOnDemand<P>) {
  const [, setLoaded] = useState(menu.loaded() !== undefined);
  const [openWhenLoaded, setOpenWhenLoaded] = useState(false);
  const [focusWhenLoaded, setFocusWhenLoaded] = useState(false);
  const standIn = useRef<HTMLButtonElement>(null);

  const load = () => {
    void menu.load().then(
      () => {
        setFocusWhenLoaded((wanted) => wanted || (standIn.current !== null && document.activeElement === standIn.current));
        setLoaded(true);
      },
      () => undefined,
    );
  };
  const press = () => {
    setOpenWhenLoaded(true);
    setFocusWhenLoaded(true);
    load();
  };

  return {
    Menu: menu.loaded(),
    menuProps: { defaultOpen: openWhenLoaded, focusButton: focusWhenLoaded } satisfies OnDemandMenuProps,
    standInProps: {
      ref: standIn,
      type: 'button' as const,
      'aria-haspopup': 'menu' as const,
      'aria-expanded': false,
      onPointerEnter: load,
      onFocus: load,
      onPointerDown: (event: PointerEvent<HTMLButtonElement>) => {
        if (event.button === 0 && !event.ctrlKey) press();
        else load();
      },
      onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => {
        if (event.key === 'Enter' || event.key === ' ' || event.key === 'ArrowDown') {
          // No click after it (Enter and Space would send one): the press is taken here.
          event.preventDefault();
          press();
        }
      },
      onClick: press,
    },
  };
}
