import type { SystemSetting } from '@common/contracts/settings';
import type { Db, DbOrTx } from '../../db/client';
import { insertSettingIfMissing, listSettings, putSetting, readSetting } from './repository';

export type SettingsService = ReturnType<typeof createSettingsService>;

/** The system_settings key/value rows; other modules read and write them only through here. */
export function createSettingsService(db: Db) {
  return {
    async list(): Promise<SystemSetting[]> {
      return (await listSettings(db)).map((s) => ({ key: s.key, value: s.value, updatedAt: s.updatedAt.toISOString() }));
    },

    /** One indexed read; pass `tx` to read inside the caller's snapshot. */
    async get(key: string, tx: DbOrTx = db): Promise<string | null> {
      return readSetting(tx, key);
    },

    /** Pass `tx` to make the write part of the caller's transaction. */
    async put(key: string, value: string | null, tx: DbOrTx = db): Promise<void> {
      await putSetting(tx, key, value);
    },

    /** Creates the row if there is none yet; an existing one is left alone. */
    async putIfMissing(key: string, value: string, tx: DbOrTx = db): Promise<void> {
      await insertSettingIfMissing(tx, key, value);
    },
  };
}
