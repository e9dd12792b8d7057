import type { ChannelHandlers, StopListening } from '../../db/notifications.ts';

/** The channel migration 0034's triggers notify, with the outbox's table name as payload. */
export const OUTBOX_WAKE_CHANNEL = 'outbox_wake';

export type Listen = (channel: string, handlers: ChannelHandlers) => Promise<StopListening>;

/**
 * Starts each outbox's worker the moment a row added to it commits, on every instance
 * (PostgreSQL NOTIFY is sent at commit; PGlite's in-process). The workers' polls stay as the
 * safety net: a notification missed while the listening connection was down is caught up by
 * waking every worker when it is back.
 */
export async function wakeOutboxesOnCommit(listen: Listen, workers: Readonly<Record<string, (() => void) | undefined>>): Promise<StopListening> {
  const wakeAll = () => Object.values(workers).forEach((kick) => kick?.());
  return listen(OUTBOX_WAKE_CHANNEL, {
    message: (table) => workers[table]?.(),
    lost: () => {},
    restored: wakeAll,
  });
}
