import { expect, type Page } from '@playwright/test';
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

/** Picks an option of a select in the dialog as a keyboard user does: type it, press Enter. */
export async function chooseOption(page: Page, label: string, option: string): Promise<void> {
  const dialog = page.getByRole('dialog');
  const field = dialog.getByLabel(label, { exact: true });
  await field.click();
  await field.fill(option);
  // Enter picks the active option, once the typed text has narrowed the list to it.
  await expect(page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(dialog.locator('.ant-select').filter({ has: page.getByLabel(label, { exact: true }) })).toContainText(option);
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
