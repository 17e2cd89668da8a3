import { useQueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '@common/contracts/auth';
import { userQueryKey } from '@client/features/auth/api/get-user';
import { ProfilePage } from '@client/features/users/pages/profile-page';

/** /profile: the users feature's form; the signed-in user (auth feature) is refreshed after a save. */
export function ProfileRoute({ user }: { user: CurrentUser }) {
  const queryClient = useQueryClient();
  return (
    <ProfilePage
      user={user}
      onSaved={(saved) => {
        queryClient.setQueryData<CurrentUser | null>(userQueryKey, (current) => (current ? { ...current, ...saved } : current));
        void queryClient.invalidateQueries({ queryKey: userQueryKey });
      }}
    />
  );
}
