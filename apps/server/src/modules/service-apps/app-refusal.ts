import type { DeliveryFailure } from '@portal/contracts';
import type { AppContext } from '../../app-context.ts';
import type { Scope } from '../../platform/resource/scope.ts';
import { appUserStore } from './app-user-store.ts';

/** How long an add or edit of an app user waits for the app's first answer before replying. */
const FIRST_ANSWER_MS = 5000;
const LOOK_EVERY_MS = 100;

/**
 * The reply of AppUser/AddUpdate passes on the app's refusal (`errorCreateBaseApp`): the
 * change is committed and queued either way; the worker is asked to deliver at once and the
 * reply waits, briefly, for the app's answer. A refusal is final (until the next change or a
 * sync) and named; an app that is down or slow leaves the user pending, which the screen shows.
 */
export async function appRefusal(ctx: AppContext, appUserId: string, scope: Scope): Promise<{ errorCreateBaseApp: DeliveryFailure | null }> {
  ctx.kickProvisioning();
  // A time-out, not a business time: the real clock even when the business clock is held still.
  const until = performance.now() + FIRST_ANSWER_MS;
  for (;;) {
    const record = await appUserStore.find(ctx.db, appUserId, scope);
    if (!record) return { errorCreateBaseApp: null };
    // No integration is the portal's own state (the screen says who can fix it), not the app's word.
    if (record.syncState === 'not_connected') return { errorCreateBaseApp: null };
    if (record.syncState === 'failed') return { errorCreateBaseApp: record.lastError?.reason === 'not_configured' ? null : record.lastError };
    if (record.syncState === 'synced' || record.lastError || performance.now() >= until) return { errorCreateBaseApp: null };
    await new Promise((resolve) => setTimeout(resolve, LOOK_EVERY_MS));
  }
}
