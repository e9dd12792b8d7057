import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { userDevices } from '../db/schema/index.ts';

/**
 * A long-lived, random cookie names the browser: it is what "new device" means for
 * two-factor. Only its hash is stored, in the device log.
 */
export const DEVICE_COOKIE = 'portal_device';
const DEVICE_COOKIE_PATH = '/oidc/interaction';
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

function cookieValue(request: FastifyRequest, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=') || undefined;
  }
  return undefined;
}

export function hashDeviceKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/**
 * The hash of this browser's device key; a browser without one (or with a malformed one) is
 * given a new key in a cookie.
 */
export function deviceKeyHash(request: FastifyRequest, reply: FastifyReply, secure: boolean): string {
  const existing = cookieValue(request, DEVICE_COOKIE);
  if (existing && /^[A-Za-z0-9_-]{43}$/.test(existing)) return hashDeviceKey(existing);
  const key = randomBytes(32).toString('base64url');
  reply.header(
    'set-cookie',
    `${DEVICE_COOKIE}=${key}; Path=${DEVICE_COOKIE_PATH}; Max-Age=${ONE_YEAR_SECONDS}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`,
  );
  return hashDeviceKey(key);
}

/** Has this user signed in from this device before? */
export async function isKnownDevice(db: Queryable, userId: string, keyHash: string): Promise<boolean> {
  const [row] = await db
    .select({ id: userDevices.id })
    .from(userDevices)
    .where(and(eq(userDevices.userId, userId), eq(userDevices.deviceKey, keyHash)))
    .limit(1);
  return row !== undefined;
}
