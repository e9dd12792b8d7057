import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../test/databases.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { PER_ADDRESS_LIMITS, type LimitedAction } from '../platform/ip-limits.ts';

/** One call of each limited action, from the address `ip` (the load balancer's X-Forwarded-For). */
const CALLS: Record<LimitedAction, (ip: string, n: number) => InjectOptions> = {
  signIn: (ip, n) => ({ method: 'POST', url: `/oidc/interaction/uid${n}/login`, headers: { 'x-forwarded-for': ip }, payload: { username: `guess${n}`, password: 'Wrong#Pass1' } }),
  codeSending: (ip, n) => ({ method: 'POST', url: `/oidc/interaction/uid${n}/sign-up/resend`, headers: { 'x-forwarded-for': ip } }),
  passwordReset: (ip, n) => ({ method: 'POST', url: '/api/Account/ForgotPassword', headers: { 'x-forwarded-for': ip }, payload: { email: `nobody${n}@example.com` } }),
};

const TOO_MANY = 9429;

/**
 * Two instances on one PostgreSQL database take turns answering one address (and all at
 * once): the per-address limits on sign-in, code sending and password reset hold across them
 * exactly, because the counters live in the database.
 */
describe.runIf(DATABASE_KINDS.includes('postgres'))('rate limits shared by two instances', () => {
  let t: TestApp;
  let second: { app: FastifyInstance; close: () => Promise<void> };

  beforeAll(async () => {
    t = await startTestApp('postgres', { DEMO_DATA: '0' });
    second = await t.anotherInstance();
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  for (const action of Object.keys(CALLS) as LimitedAction[]) {
    it(`${action}: ${PER_ADDRESS_LIMITS[action].limit} calls from one address across both instances, then 429`, async () => {
      const { limit } = PER_ADDRESS_LIMITS[action];
      const extra = 7;
      const ip = `198.51.100.${Object.keys(CALLS).indexOf(action) + 1}`;
      // All at once, alternating instances: the count is one atomic upsert, so none slips through.
      const replies = await Promise.all(Array.from({ length: limit + extra }, (_, n) => (n % 2 ? second.app : t.app).inject(CALLS[action](ip, n))));
      const refused = replies.filter((reply) => reply.statusCode === 429 && reply.json().errorCode === TOO_MANY);
      expect(refused.length).toBe(extra);
      expect(replies.filter((reply) => reply.statusCode >= 500)).toEqual([]);
      // Another address is not held back by this one's count.
      const other = await second.app.inject(CALLS[action]('203.0.113.9', 0));
      expect(other.statusCode).not.toBe(429);
    });
  }
});
