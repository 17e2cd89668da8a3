import type { z } from 'zod';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SystemSetting, systemSettingsResponse } from '@common/contracts/settings';
import { api } from '@client/lib/api-client';

export const systemSettingsQueryKey = ['/api/system/settings'] as const;

export async function getSystemSettings(): Promise<SystemSetting[]> {
  return api.get<z.output<typeof systemSettingsResponse>>('/api/system/settings');
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
