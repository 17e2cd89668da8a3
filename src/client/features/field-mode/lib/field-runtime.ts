import type { QueryClient } from '@tanstack/react-query';
import { productsQueryKey } from '@client/api/get-products';
import { deleteDeviceDb } from './device-db';
import { deviceAvailability, syncAvailability } from './field-availability';
import { fieldCatalogueReader, loadStockAsOf, openOffline } from './field-catalogue';
import { fieldStatus, isNetworkFailure, setFieldStatus, subscribeFieldStatus } from './field-status';
import { refreshOutboxCounts, replayOutbox } from './outbox';
import { keepQueries, restoreQueries } from './query-snapshots';

/**
 * Field mode for one signed-in rep (docs/decisions/0227), loaded only for salespeople: Dexie and
 * everything that uses it live behind this module's dynamic import.
 */
export { deviceAvailability, fieldCatalogueReader, openOffline };

/** How often waiting writes are tried again while the browser says it is online (a signal that comes and goes). */
const RETRY_MS = 30_000;
/** How long after the portal opens the lots and loads are brought up to date. */
const AVAILABILITY_DELAY_MS = 2_000;

export interface FieldRuntime {
  stop(): void;
}

export function startFieldRuntime(client: QueryClient, userId: number): FieldRuntime {
  const stopKeeping = keepQueries(client);
  let restored: (readonly unknown[])[] = [];
  const replay = () => void replayOutbox(userId, client);
  // Lots and incoming loads for offline use (docs/decisions/0234): an unchanged list is a 304.
  let stopped = false;
  let availabilityTimer: ReturnType<typeof setTimeout> | undefined;
  const refreshAvailability = () =>
    // Not after a sign-out: its write would make the deleted database again.
    void syncAvailability(userId, () => stopped).catch((error: unknown) => {
      if (!isNetworkFailure(error)) console.warn('Field mode: lots and incoming were not saved on this device', error);
    });

  void (async () => {
    // Offline: the browser says so, or the portal opened on the service worker's offline shell.
    if (fieldStatus().offline) restored = await restoreQueries(client).catch(() => []);
    await refreshOutboxCounts(userId).catch(() => undefined);
    await loadStockAsOf(userId).catch(() => undefined);
    // The app opening is a replay point (no Background Sync outside Chromium).
    if (!fieldStatus().offline) {
      replay();
      // After the page's own first requests, not beside them.
      availabilityTimer = setTimeout(refreshAvailability, AVAILABILITY_DELAY_MS);
    }
    if (navigator.storage?.persist) {
      // Safari clears script storage of sites not on the home screen after seven days of no use.
      const persisted = (await navigator.storage.persisted?.()) || (await navigator.storage.persist());
      setFieldStatus({ persisted });
    }
  })();

  // Back online, however it was learnt (the browser's online event, or a call that succeeded after
  // an offline start while the browser said online): what was put back from the device is read
  // again from the server, and the waiting writes go.
  let wasOffline = fieldStatus().offline;
  const stopFollowing = subscribeFieldStatus(() => {
    const offline = fieldStatus().offline;
    if (wasOffline && !offline) {
      for (const queryKey of restored.splice(0)) void client.invalidateQueries({ queryKey });
      replay();
      refreshAvailability();
    }
    wasOffline = offline;
  });
  const onOnline = () => {
    setFieldStatus({ offline: false });
    // The catalogue read from the device is brought up to date by its changes (docs/decisions/0228).
    void client.invalidateQueries({ queryKey: productsQueryKey });
  };
  window.addEventListener('online', onOnline);
  const timer = setInterval(() => {
    if (navigator.onLine === false) return;
    if (fieldStatus().waiting > 0) replay();
    // Opened offline while the browser says online: the catalogue's changes are asked for again, and
    // the first answer ends offline (field-catalogue.ts).
    if (fieldStatus().offline) void client.invalidateQueries({ queryKey: productsQueryKey });
  }, RETRY_MS);

  return {
    stop() {
      stopped = true;
      clearTimeout(availabilityTimer);
      stopKeeping();
      stopFollowing();
      window.removeEventListener('online', onOnline);
      clearInterval(timer);
    },
  };
}

/** Everything field mode kept on this device goes: the catalogue, the saved answers, the writes not sent. */
export async function clearFieldData(): Promise<void> {
  await deleteDeviceDb();
  setFieldStatus({ stockAsOf: null, waiting: 0, toReview: 0 });
}
