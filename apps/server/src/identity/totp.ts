import { and, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { PORTAL_NAME, type TotpEnrolment } from '@portal/contracts';
import type { Queryable } from '../db/client.ts';
import { userTotp } from '../db/schema/index.ts';
import type { SecretBox } from '../platform/secrets.ts';

const PERIOD = 30;
/** One step either side: a phone's clock a little off still works. */
const WINDOW = 1;

const totpOf = (secret: string, account = '') =>
  new TOTP({ issuer: PORTAL_NAME, label: account, secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: PERIOD });

/**
 * Starts (or restarts) an enrolment: a new secret, sealed at rest like the integrations'
 * credentials, kept apart as pending until a first code proves the app has it. An app already
 * confirmed goes on working meanwhile (an abandoned enrolment changes nothing for it).
 */
export async function startTotpEnrolment(db: Queryable, secrets: SecretBox, user: { id: string; username: string }): Promise<TotpEnrolment> {
  const secret = new Secret({ size: 20 }).base32;
  const sealed = secrets.seal(secret);
  await db
    .insert(userTotp)
    .values({ userId: user.id, pendingSealedSecret: sealed })
    .onConflictDoUpdate({ target: userTotp.userId, set: { pendingSealedSecret: sealed } });
  const uri = totpOf(secret, user.username).toString();
  return { secret, uri, qrCode: await QRCode.toDataURL(uri, { margin: 1, width: 200 }) };
}

/** The time step a code belongs to, or null when it is none of the window's codes for `secret`. */
function stepOf(secret: string, code: string, now: number): number | null {
  const delta = totpOf(secret).validate({ token: code.trim(), timestamp: now, window: WINDOW });
  return delta === null ? null : TOTP.counter({ period: PERIOD, timestamp: now }) + delta;
}

/**
 * Checks a code of the app in use and uses it: the step it belongs to must be later than the
 * last one used, written in the same statement as the check of it, so a code (or an earlier
 * one) serves once even from two instances at the same moment.
 */
export async function useTotpCode(db: Queryable, secrets: SecretBox, userId: string, code: string, now: number): Promise<boolean> {
  const [row] = await db.select().from(userTotp).where(eq(userTotp.userId, userId));
  if (!row?.sealedSecret || !row.confirmedAt) return false;
  const step = stepOf(secrets.open(row.sealedSecret), code, now);
  if (step === null) return false;
  const [used] = await db
    .update(userTotp)
    .set({ lastUsedStep: step })
    .where(and(eq(userTotp.userId, userId), or(isNull(userTotp.lastUsedStep), lt(userTotp.lastUsedStep, step))))
    .returning({ userId: userTotp.userId });
  return Boolean(used);
}

/**
 * Confirms the enrolment under way with a first code of its secret, which then replaces the app
 * in use (whose codes no longer serve). Written only while the pending secret is the one
 * checked: a restart meanwhile (a newer QR code) is not confirmed by the older one's code.
 * The confirming step counts as used, so the same code cannot also sign in.
 */
export async function confirmTotpEnrolment(db: Queryable, secrets: SecretBox, userId: string, code: string, now = Date.now()): Promise<boolean> {
  const [row] = await db.select().from(userTotp).where(eq(userTotp.userId, userId));
  if (!row?.pendingSealedSecret) return false;
  const step = stepOf(secrets.open(row.pendingSealedSecret), code, now);
  if (step === null) return false;
  const [confirmed] = await db
    .update(userTotp)
    .set({ sealedSecret: row.pendingSealedSecret, pendingSealedSecret: null, confirmedAt: new Date(now), lastUsedStep: step })
    .where(and(eq(userTotp.userId, userId), eq(userTotp.pendingSealedSecret, row.pendingSealedSecret)))
    .returning({ userId: userTotp.userId });
  return Boolean(confirmed);
}

export async function hasConfirmedTotp(db: Queryable, userId: string): Promise<boolean> {
  const [row] = await db.select({ userId: userTotp.userId }).from(userTotp).where(and(eq(userTotp.userId, userId), isNotNull(userTotp.confirmedAt)));
  return Boolean(row);
}

export async function removeTotp(db: Queryable, userId: string): Promise<void> {
  await db.delete(userTotp).where(eq(userTotp.userId, userId));
}
