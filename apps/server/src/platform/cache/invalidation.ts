import type { DatabaseHandle } from '../../db/client.ts';

/** The channel the database's triggers announce changes on (see the invalidation migration). */
export const INVALIDATION_CHANNEL = 'portal_invalidate';

/** A topic: `user:<id>` for one account's rows, `all` for roles, permissions, units, agencies, menus. */
export type Topic = string;
export const ALL: Topic = 'all';

/**
 * Every instance hears every committed change that its caches depend on, within the
 * database's notification delay (milliseconds). While the listening connection is lost,
 * `trusted` is false and caches must not answer from memory: a change could be missed.
 */
export interface Invalidation {
  readonly trusted: boolean;
  subscribe(listener: (topic: Topic) => void): () => void;
  close(): Promise<void>;
}

export async function startInvalidation(database: Pick<DatabaseHandle, 'listen'>): Promise<Invalidation> {
  const listeners = new Set<(topic: Topic) => void>();
  const tell = (topic: Topic) => listeners.forEach((listener) => listener(topic));
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
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: stop,
  };
}
