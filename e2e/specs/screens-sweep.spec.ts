import { mkdirSync } from 'node:fs';
import { expect, test, type Page, type TestInfo } from '../support/test.ts';
import { STORAGE_KEYS, type ListMenus } from '@portal/contracts';
import { ADMIN, demoAccount } from '../support/accounts.ts';
import { seriousViolations, settle } from '../support/axe.ts';
import { expectSigninForm, signIn } from '../support/signin.ts';

/*
 * Every screen, as the platform administrator and as a unit's administrator, in both languages,
 * at a desktop's 1440×900 and a phone's 390×844: no serious or critical WCAG 2.1 AA violation
 * (axe), nothing wider than a phone's screen, a page title equal to its menu entry, and a
 * full-page screenshot of each (`<screen>-<lang>-<width>.png`, attached to the test's results).
 * Each actor signs in once: screens are opened inside the running app (no reload), languages
 * switched from the header.
 */

const WIDTHS = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
] as const;
type Language = 'vi' | 'en';

/** A screen to look at: where it is, and (for a modal) how to open and close it. */
interface Screen {
  name: string;
  path: string;
  open?: (page: Page, language: Language) => Promise<void>;
}

/** Screens outside the menu every signed-in user has: the app list, an unknown path, the account dialogs. */
const COMMON_SCREENS: Screen[] = [
  { name: 'list-base-app', path: '/list-base-app' },
  { name: 'not-found', path: '/no/such/page' },
  { name: 'account-modal', path: '/list-base-app', open: (page, language) => openAccount(page, language, 'manage') },
  { name: 'change-password-modal', path: '/list-base-app', open: (page, language) => openAccount(page, language, 'changePassword') },
];

const ACCOUNT_ENTRIES = { manage: { vi: 'Quản lý tài khoản', en: 'Manage account' }, changePassword: { vi: 'Đổi mật khẩu', en: 'Change password' } };

async function openAccount(page: Page, language: Language, entry: keyof typeof ACCOUNT_ENTRIES): Promise<void> {
  await page.getByRole('button', { name: language === 'vi' ? /^Tài khoản:/ : /^Account:/ }).click();
  await page.getByRole('menuitem', { name: ACCOUNT_ENTRIES[entry][language] }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
}

const screenName = (path: string) => path.replace(/^\//, '').replaceAll('/', '-');

/** The screens of the signed-in user's menu, as the server lists them. */
async function menuScreens(page: Page): Promise<Screen[]> {
  const menus = await page.evaluate(async (key) => {
    const response = await fetch('/api/User/GetListMenus', { headers: { authorization: `Bearer ${localStorage.getItem(key)}` } });
    return ((await response.json()) as { data: ListMenus }).data;
  }, STORAGE_KEYS.accessToken);
  const paths = menus.menuDetails.flatMap((detail) => (detail.children.length ? detail.children.map((child) => child.route) : [detail.menuParent]));
  return paths.map((path) => ({ name: screenName(path), path }));
}

/** Opens `path` inside the running app, as a link would (no reload, no new sign-in). */
async function openInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((target) => {
    window.history.pushState(null, '', `/sso-fe${target}`);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL(new RegExp(`/sso-fe${path.replaceAll('/', '\\/')}$`));
}

async function chooseLanguage(page: Page, language: Language): Promise<void> {
  if ((await page.locator('html').getAttribute('lang')) === language) return;
  await page.getByRole('button', { name: /^(Ngôn ngữ|Language):/ }).click();
  await page.getByRole('menuitem', { name: language === 'vi' ? 'Tiếng Việt' : 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', language);
}

/** Checks the screen as it stands at each width, and keeps a screenshot of each. */
async function sweepScreen(page: Page, testInfo: TestInfo, screen: string, language: Language, signedIn: boolean): Promise<void> {
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await settle(page);
    const where = `${screen} (${language}, ${size.width} px)`;
    expect.soft(await seriousViolations(page), `axe: ${where}`).toEqual([]);
    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      header: document.querySelector('.shell-header')?.scrollWidth ?? 0,
    }));
    expect.soft(widths.header, `the header of ${where} fits the screen`).toBeLessThanOrEqual(size.width);
    expect.soft(widths.page, `the page of ${where} is no wider than the screen`).toBeLessThanOrEqual(size.width);
    if (signedIn && size.width > 1000) {
      // The page's title says what the menu entry said.
      const entry = page.getByRole('navigation').locator('[aria-current="page"]');
      const title = page.locator('.shell-content .ant-card-head-title').first();
      // The report list is a choice of reports, each titled by its own name.
      const reportList = screen.endsWith('report-list-report');
      // Both read again until they agree: the previous screen's title, or the menu's previous
      // entry, can still stand for a moment while this screen loads.
      const agree = async () => {
        const [shown, named] = await Promise.all([title.textContent(), entry.textContent()]);
        return shown === named ? 'the same' : `title "${shown}", menu "${named}"`;
      };
      if (!reportList && (await entry.count()) && (await title.count())) await expect.soft.poll(agree, { message: `the title of ${where}` }).toBe('the same');
    }
    const file = testInfo.outputPath('screens', `${screen}-${language}-${size.width}.png`);
    await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
    await testInfo.attach(`${screen}-${language}-${size.width}.png`, { path: file, contentType: 'image/png' });
  }
}

async function sweepSignedIn(page: Page, testInfo: TestInfo, prefix: string, screens: Screen[]): Promise<void> {
  mkdirSync(testInfo.outputPath('screens'), { recursive: true });
  for (const language of ['vi', 'en'] as const) {
    await page.setViewportSize(WIDTHS[0]);
    await chooseLanguage(page, language);
    for (const screen of screens) {
      await openInApp(page, screen.path);
      await expect(page.locator('main')).toBeVisible();
      await settle(page);
      await screen.open?.(page, language);
      await sweepScreen(page, testInfo, `${prefix}-${screen.name}`, language, true);
      if (screen.open) {
        await page.keyboard.press('Escape');
        await expect(page.getByRole('dialog')).toHaveCount(0);
      }
    }
  }
  // The next test of this worker starts in Vietnamese again.
  await chooseLanguage(page, 'vi');
}

test.describe('every screen: accessibility, phones, titles and screenshots', () => {
  test.describe.configure({ mode: 'parallel' });

  test('the platform administrator', async ({ page }, testInfo) => {
    test.setTimeout(900_000);
    await signIn(page, ADMIN);
    await sweepSignedIn(page, testInfo, 'admin', [...(await menuScreens(page)), { name: 'package-upgrade', path: '/package/upgrade' }, ...COMMON_SCREENS]);
  });

  test("a unit's administrator", async ({ page }, testInfo) => {
    test.setTimeout(600_000);
    await signIn(page, demoAccount('admin', 'minhphat'));
    await sweepSignedIn(page, testInfo, 'unit-admin', [...(await menuScreens(page)), { name: 'package-upgrade', path: '/package/upgrade' }, ...COMMON_SCREENS]);
  });

  test('the screens without a session: sign-in, sign-up, forgotten password, public pages', async ({ page }, testInfo) => {
    mkdirSync(testInfo.outputPath('screens'), { recursive: true });
    for (const language of ['vi', 'en'] as const) {
      await page.goto('privacy-policy-public');
      await page.evaluate(([key, value]) => localStorage.setItem(key!, value!), [STORAGE_KEYS.language, language]);
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await sweepScreen(page, testInfo, 'privacy-policy-public', language, false);
      await page.goto('terms-of-service-public');
      await sweepScreen(page, testInfo, 'terms-of-service-public', language, false);
      await page.goto('signin');
      await expect(page).toHaveURL(/\/sso-fe\/signin\?uid=/);
      await sweepScreen(page, testInfo, 'signin', language, false);
      await page.getByRole('button', { name: language === 'vi' ? 'Đăng ký dùng thử' : 'Start a free trial' }).click();
      await sweepScreen(page, testInfo, 'sign-up', language, false);
      await page.getByRole('button', { name: language === 'vi' ? 'Quay lại đăng nhập' : 'Back to sign in' }).click();
      await page.getByRole('button', { name: language === 'vi' ? 'Quên mật khẩu?' : 'Forgot password?' }).click();
      await sweepScreen(page, testInfo, 'forgot-password', language, false);
    }
    // The form is still the sign-in's, in Vietnamese again.
    await page.evaluate((key) => localStorage.setItem(key, 'vi'), STORAGE_KEYS.language);
    await page.goto('signin');
    await expectSigninForm(page);
  });
});
