import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * What a listener on a notification channel hears: each message, and whether it may have
 * missed some (its connection is lost) or hears them all again (reconnected, listening).
 */
export interface ChannelHandlers {
  message(payload: string): void;
  /** Messages may be missed from now on: whatever they would have told must not be trusted. */
  lost(): void;
  /** Listening again; anything said meanwhile was missed. */
  restored(): void;
}

export type StopListening = () => Promise<void>;

const RECONNECT_MS = 500;

/**
 * LISTEN on a connection of its own (a pooled one would be handed to queries), reconnecting
 * by itself after a database restart. NOTIFY is sent at commit, so a listener hears a change
 * only once it is visible to every instance.
 */
export async function listenOnPostgres(url: string, channel: string, handlers: ChannelHandlers): Promise<StopListening> {
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000, keepAlive: true });
    next.on('notification', (notification) => {
      if (notification.channel === channel) handlers.message(notification.payload ?? '');
    });
    next.on('error', () => dropped(next));
    next.on('end', () => dropped(next));
    await next.connect();
    await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    client = next;
  };

  const dropped = (lost: pg.Client) => {
    if (client !== lost || stopped) return;
    client = undefined;
    handlers.lost();
    void lost.end().catch(() => {});
    scheduleReconnect();
  };

  const scheduleReconnect = () => {
    retry = setTimeout(() => {
      connect().then(
        () => handlers.restored(),
        () => !stopped && scheduleReconnect(),
      );
    }, RECONNECT_MS);
    retry.unref();
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => {});
  };
}

/** The embedded database lives in this process: its notifications cannot be missed. */
export async function listenOnPglite(client: PGlite, channel: string, handlers: ChannelHandlers): Promise<StopListening> {
  const unlisten = await client.listen(channel, (payload) => handlers.message(payload));
  return () => unlisten();
}
