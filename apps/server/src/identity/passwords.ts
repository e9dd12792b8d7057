import { randomInt } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { PASSWORD_SPECIALS } from '@portal/contracts';

/**
 * argon2id with OWASP's minimum (m = 19 MiB, t = 2, p = 1). The work runs on libuv's thread
 * pool, so the event loop keeps serving while a hash is computed.
 */
const ARGON2ID = {
  // Algorithm.Argon2id; the package declares it as a const enum, which isolated modules cannot inline.
  algorithm: 2,
  memoryCost: 19 * 1024,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2ID);
}

export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return verify(passwordHash, password);
}

let decoyHash: Promise<string> | undefined;

/**
 * Spends the time of a real verification when the account does not exist, so the answer's
 * delay does not reveal whether a username is taken.
 */
export async function verifyAgainstDecoy(password: string): Promise<false> {
  decoyHash ??= hashPassword('decoy password that matches nothing');
  await verify(await decoyHash, password);
  return false;
}

/** A random password that satisfies the policy (generated administrator and reset passwords). */
export function generatePassword(length = 16): string {
  const groups = ['abcdefghijkmnopqrstuvwxyz', 'ABCDEFGHJKLMNPQRSTUVWXYZ', '23456789', PASSWORD_SPECIALS];
  const all = groups.join('');
  const chars = groups.map((group) => group[randomInt(group.length)]!);
  while (chars.length < length) chars.push(all[randomInt(all.length)]!);
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}
