import { expect, type Locator, type Page } from '@playwright/test';
import { expectToast } from './toast.ts';

/** Helpers for the standard resource screens (list, add/edit dialog, confirmations). */

export async function openAddDialog(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Thêm mới' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
}

/** Fills the dialog's fields by their labels (text inputs and passwords). */
export async function fillFields(page: Page, values: Record<string, string>): Promise<void> {
  const dialog = page.getByRole('dialog');
  for (const [label, value] of Object.entries(values)) await dialog.getByLabel(label, { exact: true }).fill(value);
}

/** Fills a new account's fields in the dialog (a unit's user, a staff account), the password typed twice. */
export async function fillAccount(page: Page, account: { username: string; email: string; password: string; lastName: string; firstName: string }): Promise<void> {
  await fillFields(page, {
    'Tài khoản': account.username,
    Email: account.email,
    'Mật khẩu (để trống để tạo tự động)': account.password,
    'Xác nhận mật khẩu': account.password,
    Họ: account.lastName,
    Tên: account.firstName,
  });
}

/**
 * Picks an option of the select labelled `label`, in the dialog unless `within` names another
 * place (a list's filters, a form of the page). A select that searches is used as a keyboard user
 * does: type the option, press Enter once the typed text has narrowed the list to it. One that
 * cannot be typed into is opened, and its option clicked once the list has stopped sliding in.
 * `typed` is what the user types to find it when that is not the whole label (a select searched on
 * the server matches a name or a code, not a label built from both).
 */
export async function chooseOption(page: Page, label: string, option: string, within: Locator = page.getByRole('dialog'), typed = option): Promise<void> {
  // The select itself: a sortable column's header of the same name is labelled so too.
  const field = within.getByLabel(label, { exact: true }).and(page.getByRole('combobox'));
  const offered = page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true });
  await field.click();
  if (await field.isEditable()) {
    await field.fill(typed);
    // Enter picks the active option, once the typed text has narrowed the list to it.
    await expect(offered).toBeVisible();
    await page.keyboard.press('Enter');
  } else {
    await expect(offered).toBeVisible();
    await motionSettled(page);
    await offered.click();
  }
  // (`has` takes a locator of the page: it is matched inside each select.)
  await expect(within.locator('.ant-select').filter({ has: page.getByLabel(label, { exact: true }) })).toContainText(option);
}

/**
 * Waits until no dialog (or its mask) is opening or closing and no select's list is sliding in or out: a click
 * that lands while one zooms (a previous confirmation leaving, this one arriving) reaches
 * neither, and CI saw such a "Lưu" do nothing.
 */
export async function motionSettled(page: Page): Promise<void> {
  await expect(page.locator('.ant-zoom-appear, .ant-zoom-enter, .ant-zoom-leave, .ant-fade-appear, .ant-fade-enter, .ant-fade-leave, .ant-slide-up-appear, .ant-slide-up-enter, .ant-slide-up-leave')).toHaveCount(0);
}

export async function saveDialog(page: Page): Promise<void> {
  await expectToast(page, 'Lưu thành công', () => page.getByRole('dialog').getByRole('button', { name: 'Lưu' }).click());
  await expect(page.getByRole('dialog')).toBeHidden();
}

/** The table row that shows `text`. */
export function row(page: Page, text: string) {
  return page.getByRole('row').filter({ hasText: text });
}

/** Answers the confirmation dialog that a status switch or delete opens. */
export async function confirm(page: Page, question: string | RegExp, answer: string): Promise<void> {
  const dialog = page.getByRole('dialog').filter({ hasText: question });
  await expect(dialog).toBeVisible();
  await motionSettled(page);
  await dialog.getByRole('button', { name: answer }).click();
}

/** A date as the pickers take it, in the browser's (the machine's) zone: DD/MM/YYYY, with HH:mm:ss for date-and-time pickers. */
export function pickerText(at: Date, withTime = false): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const day = `${pad(at.getDate())}/${pad(at.getMonth() + 1)}/${at.getFullYear()}`;
  return withTime ? `${day} ${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}` : day;
}

/** Types a day into the dialog's date picker labelled `label`, then leaves it for the dialog's title. */
export async function fillDate(page: Page, label: string, at: Date): Promise<void> {
  const dialog = page.getByRole('dialog');
  const field = dialog.getByLabel(label, { exact: true });
  await field.click();
  await field.fill(pickerText(at));
  // Not Enter: it would also submit the dialog's form. A whole day typed is taken as it is.
  await dialog.locator('.ant-modal-title').click();
  await expect(page.locator('.ant-picker-dropdown:visible')).toHaveCount(0);
  await expect(field).toHaveValue(pickerText(at));
}

/** Searches the list by keyword, as a user types into the search box. */
export async function searchList(page: Page, keyword: string): Promise<void> {
  await page.getByRole('searchbox', { name: 'Tìm kiếm' }).fill(keyword);
  await page.getByRole('button', { name: 'Tìm kiếm' }).click();
}
