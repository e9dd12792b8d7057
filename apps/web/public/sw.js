/*
 * The portal's background worker. It opens the work screen when the user clicks a warning
 * notification that carries an interaction id, focusing an open portal tab when there is one.
 */
const SCOPE = new URL(self.registration.scope).pathname;

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const interactionId = event.notification.data && event.notification.data.interaction_id;
  const target = interactionId
    ? `${SCOPE}work-screen?interaction_id=${encodeURIComponent(interactionId)}`
    : `${SCOPE}dashboard`;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => client.url.includes(SCOPE));
      if (open) return open.navigate(target).then((client) => client && client.focus());
      return self.clients.openWindow(target);
    }),
  );
});
