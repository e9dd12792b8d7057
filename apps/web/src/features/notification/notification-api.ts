import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { PUSHED_NOTIFICATIONS, REALTIME_EVENTS, type UserNotification } from '@portal/contracts';
import { apiRequest } from '../../api/http.ts';
import { onLiveEvent } from '../../auth/live-connection.ts';

const mineKey = ['notification', 'mine'] as const;

/** The newest notifications of the signed-in user, as the header's bell lists them. */
export function useMyNotifications() {
  return useQuery({
    queryKey: mineKey,
    queryFn: ({ signal }) => apiRequest<UserNotification[]>('/Notification/GetMine', { signal }),
  });
}

/**
 * Hears PullMessage for as long as the header lives: the pushed notification goes on top of
 * the list at once (no second request), and `onArrival` raises its toast.
 */
export function useLiveNotifications(onArrival: (notification: UserNotification) => void): void {
  const client = useQueryClient();
  useEffect(
    () =>
      onLiveEvent(REALTIME_EVENTS.pullMessage, (payload) => {
        const notification = payload as UserNotification;
        client.setQueryData<UserNotification[]>(mineKey, (list = []) =>
          [notification, ...list.filter((known) => known.id !== notification.id)].slice(0, PUSHED_NOTIFICATIONS.latest),
        );
        onArrival(notification);
      }),
    [client, onArrival],
  );
}

/** The work screen for a notification's interaction; undefined when it carries none. */
export function workScreenPath(notification: UserNotification): string | undefined {
  if (!notification.interactionId) return undefined;
  return `/work-screen?${new URLSearchParams({ service: notification.serviceCode, [PUSHED_NOTIFICATIONS.interactionParam]: notification.interactionId })}`;
}
