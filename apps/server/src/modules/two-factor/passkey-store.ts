import { and, asc, eq } from 'drizzle-orm';
import type { Passkey } from '@portal/contracts';
import type { Queryable } from '../../db/client.ts';
import { passkeys } from '../../db/schema/index.ts';
import type { PasskeyRow } from '../../identity/webauthn.ts';

/** A passkey as its owner sees it: never its public key or counter. */
export const listedPasskey = (row: PasskeyRow): Passkey => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  backedUp: row.backupState,
});

/** A user's own passkeys, oldest first. */
export async function passkeysOf(db: Queryable, userId: string): Promise<Passkey[]> {
  return (await db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.createdAt))).map(listedPasskey);
}

/** Renames one of the user's own passkeys; undefined when they hold none with that id. */
export async function renamePasskey(db: Queryable, userId: string, id: string, name: string): Promise<Passkey | undefined> {
  const [row] = await db.update(passkeys).set({ name }).where(and(eq(passkeys.id, id), eq(passkeys.userId, userId))).returning();
  return row && listedPasskey(row);
}

/** Removes one of the user's own passkeys; undefined when they hold none with that id. */
export async function removePasskey(db: Queryable, userId: string, id: string): Promise<PasskeyRow | undefined> {
  const [row] = await db.delete(passkeys).where(and(eq(passkeys.id, id), eq(passkeys.userId, userId))).returning();
  return row;
}
