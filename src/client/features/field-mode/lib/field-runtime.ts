import type { QueryClient } from '@tanstack/react-query';
import { deleteDeviceDb } from './device-db';
import { fieldCatalogueReader } from './field-catalogue';
import { fieldStatus, setFieldStatus } from './field-status';
import { refreshOutboxCounts, replayOutbox } from './outbox';
import { keepQueries, restoreQueries } from './query-snapshots';

/**
 * Field mode for one signed-in rep (docs/decisions/0227), loaded only for salespeople: Dexie and
 * everything that uses it live behind this module's dynamic import.
 */
export { fieldCatalogueReader };

/** How often waiting writes are tried again while the browser says it is online (a signal that comes and goes). */
const RETRY_MS = 30_000;

export interface FieldRuntime {
  stop(): void;
}

export function startFieldRuntime(client: QueryClient, userId: number): FieldRuntime {
  const stopKeeping = keepQueries(client);
  let restored: (readonly unknown[])[] = [];
  const replay = () => void replayOutbox(userId, client);

  void (async () => {
    if (navigator.onLine === false) restored = await restoreQueries(client).catch(() => []);
    await refreshOutboxCounts(userId).catch(() => undefined);
    // The app opening is a replay point (no Background Sync outside Chromium).
    if (navigator.onLine !== false) replay();
    if (navigator.storage?.persist) {
      // Safari clears script storage of sites not on the home screen after seven days of no use.
      const persisted = (await navigator.storage.persisted?.()) || (await navigator.storage.persist());
      setFieldStatus({ persisted });
    }
  })();

  const onOnline = () => {
    setFieldStatus({ offline: false });
    // What was put back from the device is read again from the server.
    for (const queryKey of restored.splice(0)) void client.invalidateQueries({ queryKey });
    replay();
  };
  window.addEventListener('online', onOnline);
  const timer = setInterval(() => {
    if (navigator.onLine !== false && fieldStatus().waiting > 0) replay();
  }, RETRY_MS);

  return {
    stop() {
      stopKeeping();
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
