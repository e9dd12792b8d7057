import { expect, test } from '../support/test.ts';
import { ADMIN } from '../support/accounts.ts';
import { signIn } from '../support/signin.ts';

const LIST = /\/api\/Unit\/Search$/;

// Issue 25: a list reloaded showed its rows long after the API had answered, each call waiting
// for the one before it (the shell's code, the profile and the menu, the screen's first render,
// then the list). Asserted by order, not by time: the list is asked for while the profile and
// the menu are still unanswered, and only once.
test('a list screen reloaded asks for its list beside the profile and the menu, not after them', async ({ page }) => {
  await signIn(page, ADMIN, 'enterprise/enterprise-manage');
  await expect(page.locator('.ant-table-row').first()).toBeVisible();

  let listCalls = 0;
  let markListSent: () => void = () => {};
  const listSent = new Promise<void>((resolve) => (markListSent = resolve));
  page.on('request', (request) => {
    if (!LIST.test(request.url())) return;
    listCalls += 1;
    markListSent();
  });
  // The shell waits for these two: held until the list has been asked for. Before the fix the
  // list was asked for by the screen, which the shell renders only once both have answered.
  const held: string[] = [];
  await page.route(/\/api\/User\/(GetUserProfileCurrent|GetListMenus)$/, async (route) => {
    held.push(new URL(route.request().url()).pathname);
    await listSent;
    await route.continue().catch(() => undefined); // the page may be gone when the test failed
  });

  await page.reload();
  await expect.poll(() => held.length, { message: 'the profile and the menu are asked for' }).toBe(2);
  await expect.poll(() => listCalls, { message: 'the list is asked for while the profile and the menu are held' }).toBe(1);

  await expect(page.locator('.ant-table-row').first()).toBeVisible();
  // The screen showed the answer already asked for: no second list call.
  expect(listCalls).toBe(1);
});
