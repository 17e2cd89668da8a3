import { useQueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '@common/contracts/auth';
import { userQueryKey } from '@client/features/auth/api/get-user';
import { ConfirmEmailPage } from '@client/features/users/pages/confirm-email-page';

/** /confirm-email: the users feature's confirm page; the signed-in user (auth feature) takes the confirmed address. */
export function ConfirmEmailRoute() {
  const queryClient = useQueryClient();
  return (
    <ConfirmEmailPage
      onConfirmed={({ email }) => {
        queryClient.setQueryData<CurrentUser | null>(userQueryKey, (current) => (current ? { ...current, email } : current));
        void queryClient.invalidateQueries({ queryKey: userQueryKey });
      }}
    />
  );
}
