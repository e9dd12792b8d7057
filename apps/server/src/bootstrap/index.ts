import type { Config } from '../config.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { applyMigrations, SCHEMA_LOCK_KEY } from '../db/migrate.ts';
import { ensurePlatformAdmin, type CreatedAdmin } from './admin.ts';
import { seedCatalogues } from './catalogues.ts';
import { seedDemoData, type DemoSummary } from './demo-data.ts';

export interface PreparedDatabase {
  admin: CreatedAdmin | undefined;
  demo: DemoSummary | undefined;
}

/**
 * Brings the database to the current schema and seeds what must exist, holding a
 * cluster-wide lock so instances starting together against one PostgreSQL take turns.
 */
export async function prepareDatabase(handle: DatabaseHandle, config: Pick<Config, 'admin' | 'demoData'>): Promise<PreparedDatabase> {
  return handle.withExclusiveLock(SCHEMA_LOCK_KEY, async () => {
    await applyMigrations(handle);
    return handle.db.transaction(async (tx) => {
      await seedCatalogues(tx);
      const admin = await ensurePlatformAdmin(tx, config.admin);
      const demo = config.demoData ? await seedDemoData(tx) : undefined;
      return { admin, demo };
    });
  });
}
