import { BASE_PATH } from '@portal/contracts';

/** The few pages the provider renders itself; everything else is the React SPA. */

/** The end-session page's only script; the page's policy allows it by its hash (`page-policy.ts`). */
export const LOGOUT_SUBMIT_SCRIPT = 'document.forms[0].submit()';

function escapeHtml(value: unknown): string {
  return String(value).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="vi"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title><style>body{font-family:system-ui,sans-serif;background:#f5f5f5;display:grid;place-items:center;min-height:100vh;margin:0}main{background:#fff;padding:32px 40px;border-radius:8px;box-shadow:0 2px 8px rgba(0,0,0,.08);max-width:420px;text-align:center}button,a.button{display:inline-block;margin:8px;padding:8px 20px;border-radius:6px;border:1px solid #1677ff;background:#1677ff;color:#fff;font-size:14px;text-decoration:none;cursor:pointer}button.secondary{background:#fff;color:#1677ff}p.en{color:#888}</style></head><body><main>${body}</main></body></html>`;
}

/**
 * The end-session confirmation. With an id_token_hint the request comes from our own sign-out
 * button, so the form submits itself; without one the user is asked.
 */
export function logoutPage(form: string, options: { autoSubmit: boolean }): string {
  const confirmed = form.replace('</form>', '<input type="hidden" name="logout" value="yes"/></form>');
  if (options.autoSubmit) {
    return page('Đăng xuất', `${confirmed}<p>Đang đăng xuất… / Signing out…</p><script>${LOGOUT_SUBMIT_SCRIPT}</script>`);
  }
  return page(
    'Đăng xuất',
    `<h1>Bạn muốn đăng xuất?</h1><p class="en">Do you want to sign out?</p>${form}` +
      '<button autofocus type="submit" form="op.logoutForm" value="yes" name="logout">Đăng xuất / Sign out</button>' +
      '<button class="secondary" type="submit" form="op.logoutForm">Ở lại / Stay signed in</button>',
  );
}

export function signedOutPage(publicUrl: string): string {
  return page(
    'Đã đăng xuất',
    `<h1>Bạn đã đăng xuất</h1><p class="en">You have signed out.</p><a class="button" href="${publicUrl}${BASE_PATH}/signin">Đăng nhập / Sign in</a>`,
  );
}

export function errorPage(publicUrl: string, out: object): string {
  const details = Object.entries(out)
    .map(([key, value]) => `<code>${escapeHtml(key)}: ${escapeHtml(value)}</code><br>`)
    .join('');
  return page(
    'Lỗi đăng nhập',
    `<h1>Không thể hoàn tất đăng nhập</h1><p class="en">The sign-in could not be completed.</p><p>${details}</p><a class="button" href="${publicUrl}${BASE_PATH}/">Quay lại / Back to the portal</a>`,
  );
}
