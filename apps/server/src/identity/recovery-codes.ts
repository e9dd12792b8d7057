import { createHash, randomInt } from 'node:crypto';
import { and, count, eq, isNull } from 'drizzle-orm';
import { RECOVERY_CODES } from '@portal/contracts';
import type { Queryable } from '../db/client.ts';
import { userRecoveryCodes } from '../db/schema/index.ts';

/** Letters and digits that cannot be mistaken for one another when copied by hand. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function normalize(code: string): string {
  return code.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

function hashOf(code: string): string {
  return createHash('sha256').update(normalize(code)).digest('hex');
}

function newCode(): string {
  const chars = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

/** Replaces the user's recovery codes; the answer is the only time they are seen in clear. */
export async function regenerateRecoveryCodes(db: Queryable, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODES.count }, newCode);
  await db.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
  await db.insert(userRecoveryCodes).values(codes.map((code) => ({ userId, codeHash: hashOf(code) })));
  return codes;
}

/** Uses up one recovery code; false when it is not one of the user's unused codes. */
export async function useRecoveryCode(db: Queryable, now: Date, userId: string, code: string): Promise<boolean> {
  if (normalize(code).length !== 10) return false;
  const used = await db
    .update(userRecoveryCodes)
    .set({ usedAt: now })
    .where(and(eq(userRecoveryCodes.userId, userId), eq(userRecoveryCodes.codeHash, hashOf(code)), isNull(userRecoveryCodes.usedAt)))
    .returning({ id: userRecoveryCodes.id });
  return used.length === 1;
}

export async function recoveryCodesLeft(db: Queryable, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(userRecoveryCodes)
    .where(and(eq(userRecoveryCodes.userId, userId), isNull(userRecoveryCodes.usedAt)));
  return row?.n ?? 0;
}

export async function dropRecoveryCodes(db: Queryable, userId: string): Promise<void> {
  await db.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
}
