import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, type Api } from '../../../test/api.ts';
import { bearer, signIn } from '../../../test/oidc-client.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';
import { units, users } from '../../db/schema/index.ts';
import { manualClock } from '../../platform/clock.ts';

const DAY_MS = 86_400_000;
/** The demo trial unit's administrator (DEMO_DATA=1). */
const TRIAL_ADMIN = { username: 'admin.hoanglong', password: 'Demo@2026' } as const;

// The server's clock is years away from the machine's: a count taken from the machine's clock
// (as the banner's once was) cannot pass by chance.
describe("the trial banner's days left (/api/User/GetUserProfileCurrent)", () => {
  const clock = manualClock(new Date('2031-03-10T08:00:00Z'));
  let t: TestApp;
  let trialAdmin: Api;
  beforeAll(async () => {
    t = await startTestApp('pglite', {}, { clock });
    trialAdmin = apiAs(t, bearer((await signIn(t.app, TRIAL_ADMIN)).access_token));
    const [admin] = await t.database.db.select({ unitId: users.unitId }).from(users).where(eq(users.username, TRIAL_ADMIN.username));
    // The trial ends ten days after the server's now.
    await t.database.db.update(units).set({ expiryDate: new Date(clock.now().getTime() + 10 * DAY_MS) }).where(eq(units.id, admin!.unitId!));
  });
  afterAll(() => t.close());

  const daysLeft = async () => (await trialAdmin.data<{ isTrial: boolean; countExpirationDate: number | null }>(trialAdmin.get('/api/User/GetUserProfileCurrent')));

  it('counts on the server clock, and follows it as it moves, through the cached profile', async () => {
    expect(await daysLeft()).toMatchObject({ isTrial: true, countExpirationDate: 10 });
    clock.advanceDays(3);
    expect((await daysLeft()).countExpirationDate).toBe(7);
    clock.advanceDays(7);
    expect((await daysLeft()).countExpirationDate).toBe(0);
    clock.advanceDays(2);
    expect((await daysLeft()).countExpirationDate).toBe(-2);
  });
});
