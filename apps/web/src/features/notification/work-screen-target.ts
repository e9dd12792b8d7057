import { PUSHED_NOTIFICATIONS, STATUS, type BaseApp } from '@portal/contracts';

/** Why the work screen cannot open the app: not one of the user's, every pack holding it expired, or no link yet. */
export type WorkScreenRefusal = 'unavailable' | 'expired' | 'notConfigured';

export type WorkScreenTarget = { href: string } | { refusal: WorkScreenRefusal };

/**
 * Where the work screen sends the user for `service` at `interactionId`: the app's own link
 * with the interaction in its query (the app signs the user in through the portal and keeps
 * it), among the apps the user may open (the app switcher's list).
 */
export function workScreenTarget(apps: readonly BaseApp[], service: string, interactionId: string, base: string): WorkScreenTarget {
  const app = apps.find((candidate) => candidate.baseAppCode === service);
  if (!app) return { refusal: 'unavailable' };
  if (app.channelPackageStatus !== STATUS.active) return { refusal: 'expired' };
  if (!app.link) return { refusal: 'notConfigured' };
  const url = new URL(app.link, base);
  url.searchParams.set(PUSHED_NOTIFICATIONS.interactionParam, interactionId);
  return { href: url.href };
}
