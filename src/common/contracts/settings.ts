import { z } from 'zod';
import { lazySchema } from './lazy-schema';

export const systemSetting = lazySchema(() =>
  z.object({
    key: z.string(),
    value: z.string().nullable(),
    updatedAt: z.string(),
  }),
);
export const systemSettingsResponse = lazySchema(() => z.array(systemSetting));
export type SystemSetting = z.infer<typeof systemSetting>;

export { LAST_INVENTORY_UPDATE } from '../domain/settings-keys';
