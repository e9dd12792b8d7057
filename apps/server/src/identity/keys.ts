import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Database } from '../db/client.ts';
import { oidcKeys } from '../db/schema/index.ts';

export interface ProviderKeys {
  /** Private signing keys (JWK) of the provider. */
  signing: JWK[];
  /** Keys that sign the provider's cookies. */
  cookies: string[];
}

/**
 * The portal's own tokens (API access tokens, the portal's id tokens) are signed with ES256:
 * an RSA signature cost ~0.65 ms of CPU, two per sign-in and per refresh, an ECDSA one a tenth
 * of that. RS256 stays for the service apps' id tokens and logout tokens, OpenID Connect's
 * default that every app verifies.
 */
export const PORTAL_TOKEN_ALG = 'ES256';
const APP_TOKEN_ALG = 'RS256';

async function newSigningKey(alg: string): Promise<JWK> {
  const { privateKey } = await generateKeyPair(alg, { extractable: true });
  return { ...(await exportJWK(privateKey)), kid: randomUUID(), alg, use: 'sig' };
}

async function newSigningKeys(): Promise<JWK[]> {
  return [await newSigningKey(APP_TOKEN_ALG), await newSigningKey(PORTAL_TOKEN_ALG)];
}

/**
 * A database made before the portal's tokens moved to ES256 holds an RSA key only: the EC key
 * is added once, by whichever instance gets there first (the condition is checked again under
 * the row's lock, so racing instances add one between them).
 */
async function withPortalTokenKey(db: Database, keys: JWK[]): Promise<JWK[]> {
  if (keys.some((key) => key.alg === PORTAL_TOKEN_ALG)) return keys;
  const key = await newSigningKey(PORTAL_TOKEN_ALG);
  await db
    .update(oidcKeys)
    .set({ value: sql`${oidcKeys.value} || ${JSON.stringify([key])}::jsonb` })
    .where(and(eq(oidcKeys.kind, 'signing'), sql`not ${oidcKeys.value} @> ${JSON.stringify([{ alg: PORTAL_TOKEN_ALG }])}::jsonb`));
  const [stored] = await db.select().from(oidcKeys).where(eq(oidcKeys.kind, 'signing'));
  return stored!.value as JWK[];
}

/**
 * Reads a key set, creating it on first use. Instances that start together may all create
 * one; the first insert wins and everyone reads the winner back.
 */
async function loadOrCreate<T>(db: Database, kind: string, create: () => Promise<T> | T): Promise<T> {
  const read = async () => (await db.select().from(oidcKeys).where(eq(oidcKeys.kind, kind)))[0]?.value as T | undefined;
  const existing = await read();
  if (existing) return existing;
  await db
    .insert(oidcKeys)
    .values({ kind, value: await create() })
    .onConflictDoNothing();
  const stored = await read();
  if (!stored) throw new Error(`could not store the provider's ${kind} keys`);
  return stored;
}

export async function loadProviderKeys(db: Database): Promise<ProviderKeys> {
  return {
    signing: await withPortalTokenKey(db, await loadOrCreate(db, 'signing', newSigningKeys)),
    cookies: await loadOrCreate(db, 'cookies', () => [randomBytes(32).toString('base64url')]),
  };
}

/** The public half of the signing keys, for verifying tokens. */
export function publicJwks(keys: ProviderKeys): { keys: JWK[] } {
  const PUBLIC_MEMBERS = ['kty', 'n', 'e', 'crv', 'x', 'y', 'kid', 'alg', 'use'] as const;
  return {
    keys: keys.signing.map((key) =>
      Object.fromEntries(PUBLIC_MEMBERS.filter((member) => key[member] !== undefined).map((member) => [member, key[member]])),
    ),
  };
}
