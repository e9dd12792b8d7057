import { expect, test } from '../support/test.ts';

/**
 * The shared guard (support/test.ts) holds: a script the policy refuses makes the test that met
 * it fail, in the test's own context and in one it opens. Marked as expected to fail — should
 * the guard stop failing tests, these would pass and the run would fail.
 */
test.describe('the content security policy guard', () => {
  test('fails a test whose page runs an inline script', async ({ page }) => {
    test.fail(true, 'an inline script breaks the policy: the guard must fail this test');
    await page.goto('signin');
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'document.title = "injected"';
      document.head.append(script);
    });
    // Refused: the title is the portal's.
    await expect(page).not.toHaveTitle('injected');
  });

  test('fails a test whose second browser loads a script from elsewhere', async ({ browser }) => {
    test.fail(true, 'a script from another origin breaks the policy: the guard must fail this test');
    const other = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const page = await other.newPage();
    await page.goto('signin');
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.src = 'https://scripts.example.com/tracker.js';
      document.head.append(script);
    });
    await expect.poll(() => page.evaluate(() => document.scripts.length)).toBeGreaterThan(0);
    await other.close();
  });
});

test('the portal’s pages carry the policy: the sign-in page, the API docs, the provider’s pages', async ({ page, request }) => {
  const signin = await request.get('signin');
  const policy = signin.headers()['content-security-policy'] ?? '';
  expect(policy).toContain("script-src 'self'");
  expect(policy).toContain("frame-ancestors 'none'");
  expect(signin.headers()['x-frame-options']).toBe('DENY');

  // Swagger UI works with scripts from the portal only.
  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: /SSO portal API/ })).toBeVisible();
  await expect(page.getByRole('link', { name: '/oidc/interaction/{uid}/login' })).toBeVisible();

  // The provider's own error page.
  await page.goto('/oidc/auth?client_id=nobody');
  await expect(page.getByRole('heading', { name: 'Không thể hoàn tất đăng nhập' })).toBeVisible();
});
