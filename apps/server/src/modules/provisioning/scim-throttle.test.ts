import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenScimApp, type ListeningScimApp } from '../../../test/scim-service.ts';
import { retryAfterMs, SCIM_SCHEMAS, scimClient, ScimError, THROTTLE_WAIT_MAX_MS } from './scim-client.ts';

const TOKEN = 'scim-throttle-token';
const NOW = new Date('2026-05-01T10:00:00Z');

describe('an app that answers 429 Too Many Requests', () => {
  let app: ListeningScimApp;
  /** The waits the client asked for: the test's timer, nothing really slept. */
  let waits: number[];
  const client = () =>
    scimClient({
      baseUrl: app.endpoint.replace('{tenant}', 'throttled'),
      token: TOKEN,
      fetch: (url, init) => fetch(url, init as RequestInit) as never,
      wait: async (ms) => void waits.push(ms),
      now: () => NOW,
    });
  const user = (n: number) => ({
    schemas: [SCIM_SCHEMAS.user],
    externalId: `portal-${n}`,
    userName: `throttled.${n}`,
    name: { givenName: 'A', familyName: 'B', formatted: 'A B' },
    displayName: 'A B',
    active: true,
    emails: [],
    phoneNumbers: [],
    roles: [],
    entitlements: [],
  });

  beforeAll(async () => {
    app = await listenScimApp(TOKEN);
  });
  afterAll(() => app.close());

  it('reads Retry-After as seconds or as an HTTP date, and waits a second when it says nothing', () => {
    expect(retryAfterMs('3', NOW)).toBe(3000);
    expect(retryAfterMs(new Date(NOW.getTime() + 7000).toUTCString(), NOW)).toBe(7000);
    expect(retryAfterMs(new Date(NOW.getTime() - 7000).toUTCString(), NOW)).toBe(0);
    expect(retryAfterMs(null, NOW)).toBe(1000);
    expect(retryAfterMs('soon', NOW)).toBe(1000);
  });

  it('waits as long as the app says, then asks again: the user is created once and the call succeeds', async () => {
    waits = [];
    app.scim.throttle(2, '2');
    const id = await client().putUser(user(1), null);
    expect(waits).toEqual([2000, 2000]);
    expect(app.scim.throttled).toBe(2);
    expect(app.scim.resources('throttled', 'Users').map((u) => u.id)).toEqual([id]);
  });

  it('honours an HTTP date too', async () => {
    waits = [];
    app.scim.throttle(1, new Date(NOW.getTime() + 5000).toUTCString());
    await client().putUser(user(2), null);
    expect(waits).toEqual([5000]);
  });

  it('past the longest wait, the 429 is an ordinary failure the outbox retries later (not a refusal)', async () => {
    waits = [];
    app.scim.throttle(100, String(THROTTLE_WAIT_MAX_MS / 1000 / 2));
    const failure = await client()
      .putUser(user(3), null)
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ScimError);
    expect((failure as ScimError).status).toBe(429);
    expect(waits.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(THROTTLE_WAIT_MAX_MS);
    app.scim.throttle(0);
  });
});
