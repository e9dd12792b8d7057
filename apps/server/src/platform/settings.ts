import { eq } from 'drizzle-orm';
import { SYSTEM_SETTINGS, type SystemSettingKey } from '@portal/contracts';
import type { Queryable } from '../db/client.ts';
import { configData } from '../db/schema/index.ts';

/**
 * The value of one of the portal's own settings (System → configuration), its default when
 * unset. Read from the database at every use, so a change reaches every instance at once.
 */
export async function readSetting(db: Queryable, key: SystemSettingKey): Promise<string> {
  const [row] = await db.select({ value: configData.value }).from(configData).where(eq(configData.key, key));
  return row?.value ?? SYSTEM_SETTINGS[key].default;
}

/** A numeric setting; a value that is not a number (it cannot be saved as one) falls back to the default. */
export async function readNumberSetting(db: Queryable, key: SystemSettingKey): Promise<number> {
  const value = Number(await readSetting(db, key));
  return Number.isFinite(value) && value > 0 ? value : Number(SYSTEM_SETTINGS[key].default);
}
