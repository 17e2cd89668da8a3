import { z } from 'zod';

export const systemSetting = z.object({
  key: z.string(),
  value: z.string().nullable(),
  updatedAt: z.string(),
});
export const systemSettingsResponse = z.array(systemSetting);
export type SystemSetting = z.infer<typeof systemSetting>;

export const LAST_INVENTORY_UPDATE = 'last_inventory_update';
