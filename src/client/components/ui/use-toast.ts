import { useSyncExternalStore, type ReactNode } from 'react';

/*
 * A tiny toast store (the shadcn pattern) so any feature can call `toast(...)`
 * without a hook. One toast visible at a time; a dismissed toast is removed
 * from memory after 1,000,000 ms (in practice the next toast replaces it).
 */
const TOAST_LIMIT = 1;
const TOAST_REMOVE_DELAY = 1_000_000;

/** durations, in ms. */
export const TOAST_DURATION = {
  /** "Item Added" */
  itemAdded: 2_000,
  /** add, remove, clear cart, stock updated, password change required, temporary password display */
  short: 3_000,
  /** errors and everything else */
  default: 5_000,
  /** lists of warnings or row errors */
  warning: 10_000,
} as const;

export type ToastVariant = 'default' | 'destructive' | 'warning' | 'success';

export interface ToastOptions {
  title: string;
  description?: ReactNode;
  variant?: ToastVariant;
  /** ms; defaults per TOAST_DURATION (warnings 10 s, others 5 s). */
  duration?: number;
  /**
   * One button in the toast (Undo, View Cart, Copy). A description rather than an element, so a
   * page that raises a toast does not load Radix Toast to build it: the lazy Toaster draws it.
   */
  action?: ToastActionOptions;
}

export interface ToastActionOptions {
  label: string;
  /** What a screen reader announces for the action (Radix Toast's altText). */
  altText: string;
  onClick: () => void;
}

export interface ToastRecord extends ToastOptions {
  id: string;
  open: boolean;
  duration: number;
}

type Listener = () => void;

let toasts: readonly ToastRecord[] = [];
const listeners = new Set<Listener>();
const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

function setToasts(next: readonly ToastRecord[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

function scheduleRemoval(id: string): void {
  if (removeTimers.has(id)) return;
  removeTimers.set(
    id,
    setTimeout(() => {
      removeTimers.delete(id);
      setToasts(toasts.filter((t) => t.id !== id));
    }, TOAST_REMOVE_DELAY),
  );
}

export function dismissToast(id?: string): void {
  for (const t of toasts) if (id === undefined || t.id === id) scheduleRemoval(t.id);
  setToasts(toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)));
}

function defaultDuration(variant: ToastVariant | undefined): number {
  return variant === 'warning' ? TOAST_DURATION.warning : TOAST_DURATION.default;
}

/** Shows a toast; the newest replaces whatever was on screen. */
export function toast(options: ToastOptions): { id: string; dismiss: () => void } {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = `toast-${counter}`;
  const record: ToastRecord = {
    ...options,
    id,
    open: true,
    duration: options.duration ?? defaultDuration(options.variant),
  };
  for (const dropped of toasts.slice(TOAST_LIMIT - 1)) {
    clearTimeout(removeTimers.get(dropped.id));
    removeTimers.delete(dropped.id);
  }
  setToasts([record, ...toasts].slice(0, TOAST_LIMIT));
  return { id, dismiss: () => dismissToast(id) };
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToasts(): readonly ToastRecord[] {
  return useSyncExternalStore(subscribe, () => toasts, () => toasts);
}
