import { fileURLToPath } from 'node:url';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { DatabaseHandle } from './client.ts';

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Lock key shared by every instance while it migrates and seeds ("PORTAL" in ASCII). */
export const SCHEMA_LOCK_KEY = 0x504f5254;

/** Applies the versioned migrations that are not applied yet. Call under SCHEMA_LOCK_KEY. */
export async function applyMigrations(handle: DatabaseHandle): Promise<void> {
  if (handle.kind === 'pglite') {
    const { migrate: migratePglite } = await import('drizzle-orm/pglite/migrator');
    await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder });
  } else {
    await migratePg(handle.db as unknown as NodePgDatabase, { migrationsFolder });
  }
}
