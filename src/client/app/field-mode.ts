import type { QueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '@common/contracts/auth';
import { setDeviceAvailability } from '@client/api/get-product-availability';
import { setOfflineLineWriter, setOfflineMerchandiseWriter } from '@client/api/offline-cart-writes';
import { productsQueryKey, setCataloguePreview, setCatalogueReader } from '@client/api/get-products';
import { userQueryKey } from '@client/features/auth/api/get-user';
import { catalogueHead, deviceUser, forgetDeviceUser, isFieldUser, rememberDeviceUser } from '@client/features/field-mode/lib/device-user';
import { fieldStatus, isNetworkFailure, setFieldStatus, startsOffline } from '@client/features/field-mode/lib/field-status';
import { registerServiceWorker } from '@client/features/field-mode/lib/service-worker';
import { queueFieldWrite } from '@client/features/field-mode/lib/use-outbox';
import type { FieldRuntime } from '@client/features/field-mode/lib/field-runtime';

/**
 * Field mode wired into the portal (docs/decisions/0227): for a salesperson the catalogue is read
 * through the device's copy and the offline screens' answers are kept; when the session ends, signing
 * out included, or someone else signs in, everything kept on the device is removed. Dexie and the rest
 * load only for a rep (a dynamic import).
 */
const loadRuntime = () => import('@client/features/field-mode/lib/field-runtime');

/**
 * Offline with no page from the server (the browser says offline, or the service worker answered with
 * its offline shell because the navigation found no network), the rep this device holds field data for.
 */
export function offlineUser(): CurrentUser | null {
  return startsOffline() ? deviceUser() : null;
}

let workerRegistered = false;

export function startFieldMode(client: QueryClient): void {
  if (!workerRegistered) {
    workerRegistered = true;
    registerServiceWorker();
  }
  let runtime: Promise<FieldRuntime> | undefined;
  let activeUserId: number | null = null;

  const stop = async (clear: boolean) => {
    const running = runtime;
    runtime = undefined;
    activeUserId = null;
    setCatalogueReader(undefined);
    setCataloguePreview(undefined);
    setDeviceAvailability(undefined);
    setOfflineMerchandiseWriter(undefined);
    setOfflineLineWriter(undefined);
    setFieldStatus({ active: false });
    // At once: another rep signing in remembers themself right after this returns.
    if (clear) forgetDeviceUser();
    (await running)?.stop();
    if (clear) await (await loadRuntime()).clearFieldData();
  };

  const follow = (user: CurrentUser | null | undefined) => {
    if (user === undefined) return;
    const holder = deviceUser();
    if (!isFieldUser(user)) {
      // Signed out, the session ended, or a role that keeps nothing on the device.
      if (activeUserId !== null || holder) void stop(true);
      return;
    }
    if (activeUserId === user.id) return;
    if (holder && holder.id !== user.id) void stop(true);
    activeUserId = user.id;
    rememberDeviceUser(user);
    const runtimeModule = loadRuntime();
    // Offline, the page's first rows come from the head of the copy in localStorage, and the whole
    // copy is read from the device without asking the server first (docs/decisions/0234).
    if (fieldStatus().offline) {
      const readNow = catalogueHead(user.id) === undefined;
      void runtimeModule.then((m) => m.openOffline(user.id, { readNow }));
      setCataloguePreview(() => catalogueHead(user.id));
    }
    setCatalogueReader(() => runtimeModule.then((m) => m.fieldCatalogueReader(user.id)()));
    setDeviceAvailability((productId) => runtimeModule.then((m) => m.deviceAvailability(user.id, productId)));
    // Merchandise quantities changed offline wait in the same outbox as the sample order's lines.
    setOfflineMerchandiseWriter(({ type, codes, delta, quantity, label }) =>
      queueFieldWrite(client, user.id, { kind: 'merch', merchType: type, codes, delta, quantity, productName: label }),
    );
    // So are the sample order's lines changed on /cart (docs/decisions/0239).
    setOfflineLineWriter(({ kind, productId, quantity, product }) =>
      queueFieldWrite(client, user.id, { kind, productId, quantity, product, productName: product?.name }),
    );
    // A catalogue read before this (by the network) is read again through the device.
    void client.invalidateQueries({ queryKey: productsQueryKey });
    setFieldStatus({ active: true });
    runtime = runtimeModule.then((m) => m.startFieldRuntime(client, user.id));
  };

  follow(client.getQueryData<CurrentUser | null>(userQueryKey));
  client.getQueryCache().subscribe((event) => {
    if (event.query.queryKey[0] !== userQueryKey[0] || event.type !== 'updated') return;
    if (event.action.type === 'success') follow(event.query.state.data as CurrentUser | null);
    // No network: the rep this device holds data for carries on offline.
    if (event.action.type === 'error' && isNetworkFailure(event.action.error)) {
      const held = deviceUser();
      if (held) {
        setFieldStatus({ offline: true });
        client.setQueryData(userQueryKey, held);
      }
    }
  });
}
