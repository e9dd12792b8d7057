import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Database } from '../db/client.ts';
import { oidcKeys } from '../db/schema/index.ts';

export interface ProviderKeys {
  /** Private signing keys (JWK) of the provider. */
  signing: JWK[];
  /** Keys that sign the provider's cookies. */
  cookies: string[];
}

async function newSigningKeys(): Promise<JWK[]> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  return [{ ...(await exportJWK(privateKey)), kid: randomUUID(), alg: 'RS256', use: 'sig' }];
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
    signing: await loadOrCreate(db, 'signing', newSigningKeys),
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
