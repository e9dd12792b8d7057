import { expect, test, type APIRequestContext, type Page } from '../support/test.ts';
import { REALTIME_PATH, REALTIME_SERVICE_RESTART, type PushNotification } from '@portal/contracts';
import { UNIT_USER } from '../support/accounts.ts';
import { SAMPLE_APP_BASIC, sampleAppUrls } from '../support/sample-app.ts';
import { signIn } from '../support/signin.ts';
import { expectToast, toastsSeen } from '../support/toast.ts';

/** The sample app (the CRM service) pushes a notification with its own client credentials. */
async function pushAsCrm(request: APIRequestContext, body: PushNotification): Promise<void> {
  const response = await request.post('/api/Notification/Push', { headers: { authorization: SAMPLE_APP_BASIC }, data: body });
  expect(response.status(), await response.text()).toBe(200);
  expect(await response.json()).toMatchObject({ success: true });
}

/** Resolves once the page's live connection has been accepted (Socket.IO's CONNECT answer, "40…"). */
function liveConnectionJoined(page: Page): Promise<void> {
  return new Promise((resolve) =>
    page.on('websocket', (socket) => {
      if (socket.url().includes('/realtime/')) socket.on('framereceived', (frame) => String(frame.payload).startsWith('40') && resolve());
    }),
  );
}

/**
 * Passes the page's live connections through to the server, counting the times the server
 * accepted one (Socket.IO's CONNECT answer, "40…"); `restart` closes the page's side of the
 * current one with 1012, as an instance shutting down does (platform/shutdown.ts), and the
 * server's side with it. Routed sockets are no longer reported by page.on('websocket').
 */
async function routeLiveConnections(page: Page): Promise<{ joins: () => number; restart: () => Promise<void> }> {
  let joins = 0;
  let current: { page: () => Promise<void>; server: () => Promise<void> } | undefined;
  await page.routeWebSocket((url) => url.pathname.startsWith(`${REALTIME_PATH}/`), (socket) => {
    const server = socket.connectToServer();
    server.onMessage((message) => {
      if (String(message).startsWith('40')) joins += 1;
      socket.send(message);
    });
    current = { page: () => socket.close({ code: REALTIME_SERVICE_RESTART, reason: 'Service Restart' }), server: () => server.close() };
  });
  return {
    joins: () => joins,
    restart: async () => {
      await current!.page();
      await current!.server();
    },
  };
}

// One flow on one account: its badge counts would mix if parts of it ran side by side.
test('a notification pushed by the CRM app appears at once, stays after a reload; from the list or its toast it opens the app at its interaction without a password; after an instance restart the live connection comes back silently', async ({ page }) => {
  const joined = liveConnectionJoined(page);
  await signIn(page, UNIT_USER);
  await joined;
  const bell = page.getByRole('button', { name: 'Thông báo', exact: true });
  await expect(bell).toBeVisible();

  const interaction = `conv-${Date.now()}`;
  const title = `Khách hàng đang chờ (${interaction})`;
  // Without a reload: the warning toast (shown 2 s, noted by the page itself: a busy machine may
  // look too late) and the badge.
  await expectToast(page, `CRM: ${title}`, () => pushAsCrm(page.request, { username: UNIT_USER.username, title, content: 'Cuộc hội thoại mới trên kênh chat', interaction_id: interaction }));
  await expect(page.getByRole('button', { name: 'Thông báo: 1 chưa đọc' })).toBeVisible();

  // Kept by the server: a reload lists it again, still unread.
  await page.reload();
  await page.getByRole('button', { name: 'Thông báo: 1 chưa đọc' }).click();
  const list = page.getByRole('region', { name: 'Thông báo của bạn' });
  await expect(list.getByText('Cuộc hội thoại mới trên kênh chat')).toBeVisible();
  await expect(list.getByText(/^CRM · \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/)).toBeVisible();

  // The work screen takes the user into the app at that interaction, signed in through the portal.
  await list.getByRole('link', { name: title }).click();
  const app = sampleAppUrls(Number(process.env.E2E_APP_PORT));
  await expect(page).toHaveURL(`${app.link}?interaction_id=${interaction}`);
  await expect(page.getByRole('heading', { name: 'CRM' })).toBeVisible();
  await expect(page.getByText(/^Signed in as .+ \(binh\.minhphat\)$/)).toBeVisible();
  await expect(page.getByText(`Interaction ${interaction}`)).toBeVisible();

  // Back in the portal the notification is read: the badge is gone, the list still holds it.
  const rejoined = liveConnectionJoined(page);
  await page.goto('/sso-fe/dashboard');
  await expect(page.getByRole('button', { name: 'Thông báo', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Thông báo', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Thông báo của bạn' }).getByRole('link', { name: title })).toBeVisible();

  // The toast of the next one opens its work screen too (a hovered toast stays open).
  await page.keyboard.press('Escape');
  await rejoined;
  const next = `ticket-${Date.now()}`;
  await pushAsCrm(page.request, { username: UNIT_USER.username, title: `Phiếu hỗ trợ ${next}`, interaction_id: next });
  // Clicked as soon as it shows (however late that is on a busy machine): pointed at, it stays.
  await page.getByText(`CRM: Phiếu hỗ trợ ${next}`).click();
  await expect(page.getByText(`Interaction ${next}`)).toBeVisible();

  // The instance holding the live connection shuts down (1012): the page connects again by
  // itself, saying nothing (no session-expired modal, no toast), and pushes arrive again.
  const live = await routeLiveConnections(page);
  await page.goto('/sso-fe/dashboard');
  await expect.poll(live.joins).toBe(1);
  const afterRestart = `restart-${Date.now()}`;
  await expectToast(page, `CRM: Sau khởi động lại ${afterRestart}`, async () => {
    await live.restart();
    await expect.poll(live.joins).toBe(2);
    await pushAsCrm(page.request, { username: UNIT_USER.username, title: `Sau khởi động lại ${afterRestart}`, interaction_id: afterRestart });
  });
  // The icon and the close button are in a toast's text too.
  expect(await toastsSeen(page)).toEqual([expect.stringContaining(`CRM: Sau khởi động lại ${afterRestart}`)]);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('the work screen says so when the app is not available to the user', async ({ page }) => {
  await signIn(page, UNIT_USER);
  // IC is in the unit's pack, but this user holds no grant for it.
  await page.goto('work-screen?service=IC&interaction_id=ticket-7');
  await expect(page.getByText('Ứng dụng IC không khả dụng với tài khoản của bạn.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Về trang chủ' })).toBeVisible();
  await expect(page).toHaveURL(/\/sso-fe\/work-screen\?/);
});
