import { expect, test } from '../support/test.ts';
import { ADMIN } from '../support/accounts.ts';
import { openAddDialog } from '../support/resource.ts';
import { signIn } from '../support/signin.ts';
import { expectToast } from '../support/toast.ts';

/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

test('the e-mail template editor inserts an uploaded image, served under the base path; a file that only claims to be one is refused', async ({ page }) => {
  test.slow();
  await signIn(page, ADMIN, 'system/template-email');
  await openAddDialog(page);
  const dialog = page.getByRole('dialog');
  // A labelled button of the toolbar opens the file chooser; the browser's bare file input is never shown.
  await expect(dialog.locator('input[type=file]')).toBeHidden();
  await expect(dialog.getByText(/Choose File|No file chosen/)).toHaveCount(0);
  const upload = async (file: { name: string; mimeType: string; buffer: Buffer }) => {
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), dialog.getByRole('button', { name: 'Chèn ảnh' }).click()]);
    await chooser.setFiles(file);
  };

  await expectToast(page, 'Đã có lỗi xảy ra với yêu cầu của bạn, vui lòng kiểm tra lại!', () =>
    upload({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('<svg onload="alert(1)"></svg>') }),
  );
  await expect(dialog.locator('.rich-text-content img')).toHaveCount(0);

  await upload({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  const image = dialog.locator('.rich-text-content img');
  await expect(image).toHaveCount(1);
  expect(await image.getAttribute('src')).toMatch(/\/sso-fe\/template-images\/[0-9a-f-]{36}$/);
  // The browser loads it from the portal: a real 1×1 image.
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
});
