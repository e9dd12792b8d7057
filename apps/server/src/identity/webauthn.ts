import { and, eq, gt, lt } from 'drizzle-orm';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { PORTAL_NAME, type WebauthnOptions, type WebauthnResponse } from '@portal/contracts';
import type { Config } from '../config.ts';
import type { Queryable } from '../db/client.ts';
import { passkeys, webauthnChallenges } from '../db/schema/index.ts';
import type { Clock } from '../platform/clock.ts';
import { AppError } from '../platform/errors.ts';

/**
 * The WebAuthn library, loaded at the first ceremony: importing it at start-up cost 0.24–0.33 s
 * of every restart (measured cold on this machine), for a feature many starts never reach.
 */
const webauthnLibrary = () => import('@simplewebauthn/server');

/** A ceremony must finish within five minutes of its options. */
const CHALLENGE_TTL_MS = 5 * 60_000;

type Purpose = (typeof webauthnChallenges.$inferSelect)['purpose'];
export type PasskeyRow = typeof passkeys.$inferSelect;

/** What a ceremony needs of the app: the portal's address (the relying party) and its clock (the challenge's lifetime). */
export interface CeremonyDeps {
  config: Pick<Config, 'publicUrl'>;
  clock: Clock;
}

/**
 * The relying party is the portal as the browser sees it: PUBLIC_URL's host is the RP id and
 * its origin the only origin accepted (behind a proxy, PUBLIC_URL must be the public address).
 */
export function relyingParty(config: Pick<Config, 'publicUrl'>) {
  const url = new URL(config.publicUrl);
  return { rpID: url.hostname, origin: url.origin, rpName: PORTAL_NAME };
}

async function saveChallenge(db: Queryable, now: Date, purpose: Purpose, subject: string, challenge: string): Promise<void> {
  // Forget the stale ones on the way (no worker needed).
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, now));
  await db.insert(webauthnChallenges).values({ challenge, purpose, subject, expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS) });
}

/** The challenge a response signed, as its clientDataJSON says (checked again by the library). */
function challengeOf(response: WebauthnResponse): string {
  try {
    const client = JSON.parse(Buffer.from(response.response.clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown };
    if (typeof client.challenge === 'string') return client.challenge;
  } catch {
    // refused below
  }
  throw new AppError('passkey.failed');
}

/**
 * Takes the challenge a response answers: deleted as it is read, so it serves once, whichever
 * instance issued it; refused when expired or issued to another subject or ceremony.
 */
async function takeChallenge(db: Queryable, now: Date, purpose: Purpose, subject: string, response: WebauthnResponse): Promise<string> {
  const challenge = challengeOf(response);
  const [row] = await db
    .delete(webauthnChallenges)
    .where(and(eq(webauthnChallenges.challenge, challenge), eq(webauthnChallenges.purpose, purpose), eq(webauthnChallenges.subject, subject), gt(webauthnChallenges.expiresAt, now)))
    .returning({ challenge: webauthnChallenges.challenge });
  if (!row) throw new AppError('passkey.failed');
  return row.challenge;
}

const credentialOf = (row: PasskeyRow) => ({
  id: row.credentialId,
  publicKey: Buffer.from(row.publicKey, 'base64url'),
  counter: row.counter,
  transports: row.transports as AuthenticatorTransport[],
});
type AuthenticatorTransport = 'ble' | 'cable' | 'hybrid' | 'internal' | 'nfc' | 'smart-card' | 'usb';

/** Options to create a discoverable passkey for a user; the user's passkeys are excluded. */
export async function registrationOptions(db: Queryable, deps: CeremonyDeps, user: { id: string; username: string; fullName?: string | null }): Promise<WebauthnOptions> {
  const rp = relyingParty(deps.config);
  const existing = await db.select().from(passkeys).where(eq(passkeys.userId, user.id));
  const { generateRegistrationOptions } = await webauthnLibrary();
  const options = await generateRegistrationOptions({
    rpName: rp.rpName,
    rpID: rp.rpID,
    userName: user.username,
    userDisplayName: user.fullName ?? user.username,
    userID: new TextEncoder().encode(user.id),
    attestationType: 'none',
    excludeCredentials: existing.map((row) => ({ id: row.credentialId, transports: row.transports as AuthenticatorTransport[] })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  await saveChallenge(db, deps.clock.now(), 'register', user.id, options.challenge);
  return { ...options };
}

/** Verifies a new passkey's attestation and stores it under the given name. */
export async function registerPasskey(db: Queryable, deps: CeremonyDeps, userId: string, name: string, response: WebauthnResponse): Promise<PasskeyRow> {
  const rp = relyingParty(deps.config);
  const expectedChallenge = await takeChallenge(db, deps.clock.now(), 'register', userId, response);
  const { verifyRegistrationResponse } = await webauthnLibrary();
  const verification = await verifyRegistrationResponse({
    response: response as unknown as RegistrationResponseJSON,
    expectedChallenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.rpID,
    requireUserVerification: true,
  }).catch(() => ({ verified: false as const }));
  if (!verification.verified) throw new AppError('passkey.failed');
  const info = verification.registrationInfo;
  const [row] = await db
    .insert(passkeys)
    .values({
      userId,
      name,
      credentialId: info.credential.id,
      publicKey: Buffer.from(info.credential.publicKey).toString('base64url'),
      counter: info.credential.counter,
      transports: info.credential.transports ?? [],
      backupEligible: info.credentialDeviceType === 'multiDevice',
      backupState: info.credentialBackedUp,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new AppError('passkey.failed');
  return row;
}

/**
 * Options to assert a passkey. For sign-in (subject: the interaction) no credential is listed,
 * so the browser offers the discoverable ones; for re-authentication, the user's own.
 */
export async function authenticationOptions(db: Queryable, deps: CeremonyDeps, subject: string, userId?: string): Promise<WebauthnOptions> {
  const rp = relyingParty(deps.config);
  const allow = userId ? await db.select().from(passkeys).where(eq(passkeys.userId, userId)) : [];
  const { generateAuthenticationOptions } = await webauthnLibrary();
  const options = await generateAuthenticationOptions({
    rpID: rp.rpID,
    userVerification: 'required',
    ...(userId ? { allowCredentials: allow.map((row) => ({ id: row.credentialId, transports: row.transports as AuthenticatorTransport[] })) } : {}),
  });
  await saveChallenge(db, deps.clock.now(), 'authenticate', subject, options.challenge);
  return { ...options };
}

/**
 * Verifies an assertion against the stored passkey: the challenge issued to `subject`, the
 * origin and RP id, user verification, and a counter that moved forward (a cloned
 * authenticator repeats or lowers it). Answers the passkey with its counter and use recorded.
 */
export async function verifyPasskeyAssertion(db: Queryable, deps: CeremonyDeps, subject: string, response: WebauthnResponse, userId?: string): Promise<PasskeyRow> {
  const rp = relyingParty(deps.config);
  const now = deps.clock.now();
  const expectedChallenge = await takeChallenge(db, now, 'authenticate', subject, response);
  const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, response.id));
  if (!row) throw new AppError('passkey.unknown');
  if (userId && row.userId !== userId) throw new AppError('passkey.failed');
  const { verifyAuthenticationResponse } = await webauthnLibrary();
  const verification = await verifyAuthenticationResponse({
    response: response as unknown as AuthenticationResponseJSON,
    expectedChallenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.rpID,
    credential: credentialOf(row),
    requireUserVerification: true,
  }).catch(() => ({ verified: false as const }));
  if (!verification.verified || !verification.authenticationInfo.userVerified) throw new AppError('passkey.failed');
  const { newCounter, credentialBackedUp } = verification.authenticationInfo;
  const [updated] = await db
    .update(passkeys)
    .set({ counter: newCounter, backupState: credentialBackedUp, lastUsedAt: now })
    // The counter is compared again as it is written: two parallel uses of one value fail one.
    .where(and(eq(passkeys.id, row.id), newCounter === 0 ? eq(passkeys.counter, 0) : lt(passkeys.counter, newCounter)))
    .returning();
  if (!updated) throw new AppError('passkey.failed');
  return updated;
}
