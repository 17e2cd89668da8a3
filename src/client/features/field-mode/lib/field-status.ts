import { useSyncExternalStore } from 'react';

/**
 * What field mode tells the screens (docs/decisions/0227): whether the last call to the server
 * failed for want of a network, when the stock on this device was last brought up to date, the
 * writes waiting to be sent, whether the browser promised to keep the data, and whether a new
 * version of the portal is waiting. A small store with no IndexedDB code, so the banner costs nothing to
 * the portal's first load.
 */
export interface FieldStatus {
  /** Field mode runs for the signed-in user (a salesperson). */
  active: boolean;
  /** navigator.onLine, or a call that failed for want of a network. */
  offline: boolean;
  /** When this device's catalogue was last brought up to date (ms since the epoch). */
  stockAsOf: number | null;
  /** Writes queued on the device, not yet accepted by the server. */
  waiting: number;
  /** Writes the server refused, kept for the rep to fix. */
  toReview: number;
  /** navigator.storage.persist(): true granted, false refused, null not asked or not supported. */
  persisted: boolean | null;
  /** A new version of the portal is installed and waits for the rep's tap. */
  updateReady: boolean;
}

/**
 * Whether this page is the service worker's offline shell (vite.config.ts, offline.html): the
 * navigation found no network, so the portal starts from the device without asking the server first,
 * even where navigator.onLine still says online (a signal with no data, a captive Wi-Fi).
 */
export function shellFromDevice(): boolean {
  return typeof document !== 'undefined' && document.querySelector('meta[name="portal-shell"][content="device"]') !== null;
}

/** The portal starts offline: the browser says so, or the page is the offline shell. */
export function startsOffline(): boolean {
  return (typeof navigator !== 'undefined' && navigator.onLine === false) || shellFromDevice();
}

let status: FieldStatus = {
  active: false,
  offline: startsOffline(),
  stockAsOf: null,
  waiting: 0,
  toReview: 0,
  persisted: null,
  updateReady: false,
};
const listeners = new Set<() => void>();

export function fieldStatus(): FieldStatus {
  return status;
}

export function setFieldStatus(change: Partial<FieldStatus>): void {
  const next = { ...status, ...change };
  if ((Object.keys(change) as (keyof FieldStatus)[]).every((k) => next[k] === status[k])) return;
  status = next;
  for (const listener of listeners) listener();
}

export function subscribeFieldStatus(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useFieldStatus(): FieldStatus {
  return useSyncExternalStore(subscribeFieldStatus, fieldStatus, fieldStatus);
}

/** A fetch that failed before any answer (offline, DNS, a dropped connection): not the server's refusal. */
export function isNetworkFailure(error: unknown): boolean {
  return error instanceof TypeError;
}

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => setFieldStatus({ offline: false }));
  window.addEventListener('offline', () => setFieldStatus({ offline: true }));
}
