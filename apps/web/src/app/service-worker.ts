import { BASE_PATH } from '@portal/contracts';

/** Registers the background worker under the base path (it opens the work screen from notifications). */
export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
  try {
    await navigator.serviceWorker.register(`${BASE_PATH}/sw.js`, { scope: `${BASE_PATH}/` });
  } catch (error) {
    console.warn('service worker registration failed', error);
  }
}

/** Removes every worker registered under the base path (e.g. to recover from a broken one). */
export async function unregisterServiceWorkers(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const registrations = await navigator.serviceWorker.getRegistrations();
  await Promise.all(
    registrations
      .filter((registration) => new URL(registration.scope).pathname.startsWith(BASE_PATH))
      .map((registration) => registration.unregister()),
  );
}
