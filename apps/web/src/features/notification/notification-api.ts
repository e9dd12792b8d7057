import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { NOTIFICATION_DESCRIPTORS, PUSHED_NOTIFICATIONS, REALTIME_EVENTS, ROUTES, type UserNotification } from '@portal/contracts';
import { callApi } from '../../api/call-api.ts';
import { onLiveEvent } from '../../auth/live-connection.ts';

const mineKey = ['notification', 'mine'] as const;

/** The newest notifications of the signed-in user, as the header's bell lists them. */
export function useMyNotifications() {
  return useQuery({
    queryKey: mineKey,
    queryFn: ({ signal }) => callApi(NOTIFICATION_DESCRIPTORS.mine, undefined, { signal }),
  });
}

/**
 * Hears PullMessage for as long as the header lives: the pushed notification goes on top of
 * the list at once (no second request unless a read was in flight), and `onArrival` raises its toast.
 */
export function useLiveNotifications(onArrival: (notification: UserNotification) => void): void {
  const client = useQueryClient();
  useEffect(
    () =>
      onLiveEvent(REALTIME_EVENTS.pullMessage, (payload) => {
        // The socket hands payloads untyped; PullMessage carries a notification (REALTIME_EVENTS; the server's notification routes send it).
        const notification = payload as UserNotification;
        // A list still being read may have been read before this notification was kept: its
        // answer would overwrite the pushed one, so it is read again (the server keeps it first).
        const stale = client.isFetching({ queryKey: mineKey }) > 0;
        client.setQueryData<UserNotification[]>(mineKey, (list = []) =>
          [notification, ...list.filter((known) => known.id !== notification.id)].slice(0, PUSHED_NOTIFICATIONS.latest),
        );
        if (stale) void client.refetchQueries({ queryKey: mineKey });
        onArrival(notification);
      }),
    [client, onArrival],
  );
}

/** The work screen for a notification's interaction; undefined when it carries none. */
export function workScreenPath(notification: UserNotification): string | undefined {
  if (!notification.interactionId) return undefined;
  return `${ROUTES.workScreen}?${new URLSearchParams({ service: notification.serviceCode, [PUSHED_NOTIFICATIONS.interactionParam]: notification.interactionId })}`;
}
