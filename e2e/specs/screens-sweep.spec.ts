import { mkdirSync } from 'node:fs';
import { expect, test, type Page, type TestInfo } from '../support/test.ts';
import { STORAGE_KEYS, type ListMenus } from '@portal/contracts';
import { ADMIN, UNIT_USER, demoAccount, demoAgencyAccount } from '../support/accounts.ts';
import { seriousViolations, settle } from '../support/axe.ts';
import { expectSigninForm, signIn } from '../support/signin.ts';

/*
 * Every screen, as each kind of user (platform administrator, a unit's administrator and plain
 * user, an agency's agent and sales user) sees it, in both languages,
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

/**
 * The words of the lists' cells drawn across two lines, as "<column>: <word>", but in the columns
 * whose values may break anywhere (an e-mail, a URL: ResourceColumn.fit). A username, a phone
 * number or a code split in two is hard to read and to copy.
 */
function wordsBrokenMidWord(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const broken = new Set<string>();
    for (const cell of document.querySelectorAll<HTMLTableCellElement>('.resource-table .ant-table-tbody td:not(.resource-anywhere)')) {
      const texts = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let text = texts.nextNode(); text; text = texts.nextNode()) {
        // A hyphen or a dash is a place to break ("30-minute"), as a space is.
        for (const word of (text.textContent ?? '').matchAll(/[^\s\-–—]+/g)) {
          const range = document.createRange();
          range.setStart(text, word.index);
          range.setEnd(text, word.index + word[0].length);
          const lines = new Set([...range.getClientRects()].filter((box) => box.width > 0).map((box) => Math.round(box.top)));
          const column = cell.closest('table')?.querySelectorAll('thead th')[cell.cellIndex]?.textContent ?? String(cell.cellIndex);
          if (lines.size > 1) broken.add(`${column}: ${word[0]}`);
        }
      }
    }
    return [...broken];
  });
}

/** Checks the screen as it stands at each width, and keeps a screenshot of each. */
async function sweepScreen(page: Page, testInfo: TestInfo, screen: string, language: Language, signedIn: boolean): Promise<void> {
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await settle(page);
    const where = `${screen} (${language}, ${size.width} px)`;
    expect.soft(await seriousViolations(page), `axe: ${where}`).toEqual([]);
    // Read until they settle: antd re-measures some parts (an empty table's placeholder) a moment
    // after the window narrows, and CI once read the page's width before it had.
    const soft = expect.configure({ soft: true });
    await soft.poll(() => page.evaluate(() => document.querySelector('.shell-header')?.scrollWidth ?? 0), { message: `the header of ${where} fits the screen` }).toBeLessThanOrEqual(size.width);
    await soft.poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: `the page of ${where} is no wider than the screen` }).toBeLessThanOrEqual(size.width);
    if (size.width > 1000) {
      // At a desktop's width every column of a list is in view: none lies under the pinned status and actions.
      const overflowing = await page.evaluate(() =>
        [...document.querySelectorAll('.resource-table .ant-table-content, .resource-table .ant-table-body')].filter((table) => table.scrollWidth > table.clientWidth + 1).length,
      );
      expect.soft(overflowing, `every column of ${where} is in view`).toBe(0);
      expect.soft(await wordsBrokenMidWord(page), `no word of ${where} breaks mid-word (but e-mails and URLs)`).toEqual([]);
    }
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
    // English counts agree with their noun ("1 record", not "1 records").
    if (language === 'en') expect.soft(await page.getByText(/(^|\D)1 (records|users|months|businesses|days)\b/).allTextContents(), `plurals of ${where}`).toEqual([]);
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

  // The people with a short menu: a plain unit user, an agency's agent and its sales user.
  for (const [label, prefix, account] of [
    ["a unit's plain user", 'unit-user', UNIT_USER],
    ["an agency's agent", 'agent', demoAgencyAccount('agent', 'anphu')],
    ["an agency's sales user", 'agency-user', demoAgencyAccount('sale', 'anphu')],
  ] as const) {
    test(label, async ({ page }, testInfo) => {
      test.setTimeout(300_000);
      await signIn(page, account, '');
      // Each lands on a screen of their own menu, not on a refusal.
      await expect(page.getByRole('navigation').locator('[aria-current="page"]')).toHaveCount(1);
      await expect(page.getByText('Bạn không có quyền truy cập chức năng này')).toHaveCount(0);
      await sweepSignedIn(page, testInfo, prefix, [...(await menuScreens(page)), ...COMMON_SCREENS]);
    });
  }

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
