import { useMutation } from '@tanstack/react-query';
import type { ProfileBody, UserView } from '@common/contracts/users';
import { api, dataOf } from '@client/lib/api-client';

/** PATCH /api/user/profile: Edit My User Data (ADR 0053). */
export async function updateProfile(body: ProfileBody): Promise<UserView> {
  return await dataOf(api.PATCH('/api/user/profile', { body }));
}

export function useUpdateProfile(options: { onSuccess?: (saved: UserView) => void } = {}) {
  return useMutation({ mutationKey: ['update-profile'], mutationFn: updateProfile, onSuccess: options.onSuccess });
}
