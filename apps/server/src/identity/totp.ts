import { and, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type { TotpEnrolment } from '@portal/contracts';
import type { Queryable } from '../db/client.ts';
import { userTotp } from '../db/schema/index.ts';
import type { SecretBox } from '../platform/secrets.ts';

/** The issuer authenticator apps show beside the account. */
export const TOTP_ISSUER = 'SSO Portal';
const PERIOD = 30;
/** One step either side: a phone's clock a little off still works. */
const WINDOW = 1;

const totpOf = (secret: string, account = '') =>
  new TOTP({ issuer: TOTP_ISSUER, label: account, secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: PERIOD });

/**
 * Starts (or restarts) an enrolment: a new secret, sealed at rest like the integrations'
 * credentials, unconfirmed until a first code proves the app has it. A confirmed app is kept
 * until the new one is confirmed.
 */
export async function startTotpEnrolment(db: Queryable, secrets: SecretBox, user: { id: string; username: string }): Promise<TotpEnrolment> {
  const secret = new Secret({ size: 20 }).base32;
  const sealed = secrets.seal(secret);
  await db
    .insert(userTotp)
    .values({ userId: user.id, sealedSecret: sealed, confirmedAt: null, lastUsedStep: null })
    .onConflictDoUpdate({ target: userTotp.userId, set: { sealedSecret: sealed, confirmedAt: null, lastUsedStep: null } });
  const uri = totpOf(secret, user.username).toString();
  return { secret, uri, qrCode: await QRCode.toDataURL(uri, { margin: 1, width: 200 }) };
}

/**
 * Checks an app's code and uses it: the step it belongs to must be later than the last one
 * used, written in the same statement as the check of it, so a code (or an earlier one) serves
 * once even from two instances at the same moment. `confirming` accepts the unconfirmed secret.
 */
export async function useTotpCode(db: Queryable, secrets: SecretBox, userId: string, code: string, confirming = false, now = Date.now()): Promise<boolean> {
  const [row] = await db.select().from(userTotp).where(eq(userTotp.userId, userId));
  if (!row || (row.confirmedAt === null) !== confirming) return false;
  const delta = totpOf(secrets.open(row.sealedSecret)).validate({ token: code.trim(), timestamp: now, window: WINDOW });
  if (delta === null) return false;
  const step = TOTP.counter({ period: PERIOD, timestamp: now }) + delta;
  const [used] = await db
    .update(userTotp)
    .set({ lastUsedStep: step, ...(confirming ? { confirmedAt: new Date(now) } : {}) })
    .where(and(eq(userTotp.userId, userId), or(isNull(userTotp.lastUsedStep), lt(userTotp.lastUsedStep, step))))
    .returning({ userId: userTotp.userId });
  return Boolean(used);
}

export async function hasConfirmedTotp(db: Queryable, userId: string): Promise<boolean> {
  const [row] = await db.select({ userId: userTotp.userId }).from(userTotp).where(and(eq(userTotp.userId, userId), isNotNull(userTotp.confirmedAt)));
  return Boolean(row);
}

export async function removeTotp(db: Queryable, userId: string): Promise<void> {
  await db.delete(userTotp).where(eq(userTotp.userId, userId));
}
