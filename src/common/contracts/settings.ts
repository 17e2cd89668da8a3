import { z } from './zod';

export const systemSetting = z.object({
  key: z.string(),
  value: z.nullable(z.string()),
  updatedAt: z.string(),
});
export const systemSettingsResponse = z.array(systemSetting);
export type SystemSetting = z.infer<typeof systemSetting>;

export { LAST_INVENTORY_UPDATE } from '../domain/settings-keys';
