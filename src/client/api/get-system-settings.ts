import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SystemSetting } from '@common/contracts/settings';
import { api, dataOf } from '@client/lib/api-client';

export const systemSettingsQueryKey = ['/api/system/settings'] as const;

export async function getSystemSettings(): Promise<SystemSetting[]> {
  return dataOf(api.GET('/api/system/settings'));
}

export const systemSettingsQueryOptions = () =>
  queryOptions({ queryKey: systemSettingsQueryKey, queryFn: getSystemSettings });

/** One setting's value: undefined while loading or on error, null when the setting is absent. */
export function useSystemSetting(key: string) {
  return useQuery({
    ...systemSettingsQueryOptions(),
    select: (settings) => settings.find((s) => s.key === key)?.value ?? null,
  });
}
