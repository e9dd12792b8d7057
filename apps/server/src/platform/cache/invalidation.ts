import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../../db/client.ts';

/** The channel the database's triggers announce changes on (see the invalidation migration). */
export const INVALIDATION_CHANNEL = 'portal_invalidate';

/**
 * A topic: `user:<id>` for one account's rows, `grant:<id>` for a provider grant that ended,
 * `all` for roles, permissions, units, agencies, menus.
 */
export type Topic = string;
export const ALL: Topic = 'all';

const USER = 'user:';
/** The account a topic names, for caches kept per account. */
export function accountOf(topic: Topic): string | undefined {
  return topic.startsWith(USER) ? topic.slice(USER.length) : undefined;
}

const GRANT = 'grant:';
/** The provider grant a topic names (it was revoked), for caches kept per grant. */
export function grantOf(topic: Topic): string | undefined {
  return topic.startsWith(GRANT) ? topic.slice(GRANT.length) : undefined;
}

/**
 * Every instance hears every committed change that its caches depend on, within the
 * database's notification delay (milliseconds). While the listening connection is lost,
 * `trusted` is false and caches must not answer from memory: a change could be missed.
 */
export interface Invalidation {
  readonly trusted: boolean;
  /**
   * Resolves once this instance has heard every change committed before the call: a caller's
   * own write is then forgotten here before its answer leaves, so their next request reads it.
   * (Notifications reach a listener in commit order, so hearing our own marker is enough.)
   */
  barrier(): Promise<void>;
  subscribe(listener: (topic: Topic) => void): () => void;
  close(): Promise<void>;
}

const BARRIER = 'barrier:';
const BARRIER_TIMEOUT_MS = 1000;

export async function startInvalidation(database: Pick<DatabaseHandle, 'listen' | 'db'>): Promise<Invalidation> {
  const listeners = new Set<(topic: Topic) => void>();
  const waiting = new Map<string, () => void>();
  const tell = (topic: Topic) => {
    if (topic.startsWith(BARRIER)) return waiting.get(topic)?.();
    listeners.forEach((listener) => listener(topic));
  };
  let trusted = true;
  const stop = await database.listen(INVALIDATION_CHANNEL, {
    message: tell,
    lost() {
      trusted = false;
      tell(ALL);
    },
    restored() {
      // Whatever changed while nobody listened is unknown: forget everything, then trust again.
      tell(ALL);
      trusted = true;
    },
  });
  return {
    get trusted() {
      return trusted;
    },
    async barrier() {
      if (!trusted) return;
      const marker = `${BARRIER}${randomUUID()}`;
      const heard = new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, BARRIER_TIMEOUT_MS);
        waiting.set(marker, () => {
          clearTimeout(timer);
          resolve();
        });
      });
      try {
        await database.db.execute(sql`select pg_notify(${INVALIDATION_CHANNEL}, ${marker})`);
        await heard;
      } finally {
        waiting.delete(marker);
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: stop,
  };
}
