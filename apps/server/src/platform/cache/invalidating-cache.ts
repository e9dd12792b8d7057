import { systemClock, type Clock } from '../clock.ts';
import { ALL, type Invalidation, type Topic } from './invalidation.ts';

export interface CacheOptions<K> {
  /** The entry a topic makes stale (besides `all`, which clears every entry); none for topics it does not hear. */
  keyOf(topic: Topic): K | undefined;
  /** A safety net: an entry is read again after this long even if no change was heard. */
  ttlMs: number;
  /** Entries kept at most; the least recently used go first. */
  max: number;
  /** Measures `ttlMs` (the machine's clock when absent): values computed from the server's clock expire on it. */
  clock?: Clock;
}

/**
 * Values loaded from the database and kept until a change to what they were read from is
 * heard (or their time runs out). A load that raced with a change is used for its own
 * request but not kept: the generation tells that a change was heard while it ran.
 */
export class InvalidatingCache<K, V> {
  private readonly entries = new Map<K, { value: V; expiresAt: number }>();
  private generation = 0;
  private readonly unsubscribe: () => void;
  private readonly invalidation: Invalidation;
  private readonly options: CacheOptions<K>;

  constructor(invalidation: Invalidation, options: CacheOptions<K>) {
    this.invalidation = invalidation;
    this.options = options;
    this.unsubscribe = invalidation.subscribe((topic) => {
      this.generation += 1;
      if (topic === ALL) return this.entries.clear();
      // One lookup, not a scan: every sign-in changes an account row and so sends a topic.
      const key = options.keyOf(topic);
      if (key !== undefined) this.entries.delete(key);
    });
  }

  async get(key: K, load: () => Promise<V>): Promise<V> {
    const now = (this.options.clock ?? systemClock).now().getTime();
    const hit = this.invalidation.trusted ? this.entries.get(key) : undefined;
    if (hit && hit.expiresAt > now) {
      // Most recently used last: eviction takes from the front.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.value;
    }
    const generation = this.generation;
    const value = await load();
    if (generation === this.generation && this.invalidation.trusted) {
      this.entries.delete(key);
      this.entries.set(key, { value, expiresAt: now + this.options.ttlMs });
      if (this.entries.size > this.options.max) this.entries.delete(this.entries.keys().next().value as K);
    }
    return value;
  }

  get size(): number {
    return this.entries.size;
  }

  close(): void {
    this.unsubscribe();
    this.entries.clear();
  }
}
