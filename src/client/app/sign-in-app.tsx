import { LazyToaster } from '@client/components/ui/lazy-toaster';
import { LoginPage } from '@client/features/auth/pages/login-page';
import { loadOnUse } from '@client/lib/load-on-use';

/** The portal is fetched while the user types, so the page after login does not wait for it. */
const prefetchPortal = loadOnUse(() => import('./portal-app'));

/** /auth on its own (ADR 0151): the sign-in page and the toasts it raises. */
export function SignInApp() {
  return (
    <div onInput={() => void prefetchPortal().catch(() => undefined)}>
      <LoginPage />
      <LazyToaster />
    </div>
  );
}
