import { expect, test } from '@playwright/test';
import { demoAccount } from '../support/accounts.ts';
import { signIn } from '../support/signin.ts';

const user = demoAccount('giang', 'minhphat');
const unitAdmin = demoAccount('admin', 'minhphat');

test('every sign-in lands in the device log with device, IP, browser, time, user and unit', async ({ page, browser }) => {
  const before = Date.now();
  const userContext = await browser.newContext();
  await signIn(await userContext.newPage(), user);
  await userContext.close();

  await signIn(page, unitAdmin);
  // The log screens come later; the unit administrator reads the log through the API the SPA uses.
  const log = await page.evaluate(async (username) => {
    const token = localStorage.getItem('sso.access_token');
    const response = await fetch('/api/UserDevice/SearchUserDeviceByUnit', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ keyword: username, pageSize: 1 }),
    });
    return response.json();
  }, user.username);
  expect(log.success).toBe(true);
  const [latest] = log.data.records;
  expect(latest).toMatchObject({ username: user.username, unitName: 'Công ty TNHH Minh Phát', deviceName: 'Linux Desktop', ipAddress: '127.0.0.1' });
  expect(latest.browser).toMatch(/^Chrome \d+$/);
  expect(new Date(latest.signedInAt).getTime()).toBeGreaterThanOrEqual(before - 1000);
});
