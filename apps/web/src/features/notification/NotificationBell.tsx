import { lazy, Suspense, useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { UserNotification } from '@portal/contracts';
import { showToast } from '../../shared/notify.ts';
import { Popover } from '../../shared/ui/Popover.tsx';
import { useLiveNotifications, useMyNotifications, workScreenPath } from './notification-api.ts';

// The list, its links and marking read load when the bell first opens: the shell only counts and toasts.
const NotificationList = lazy(() => import('./NotificationList.tsx').then((module) => ({ default: module.NotificationList })));

/** A bell drawn in a few bytes: an icon library's bell would cost the shell more than this whole file. */
const bellIcon = (
  <svg viewBox="0 0 24 24" width="1em" height="1em" fill="currentColor" aria-hidden>
    <path d="M12 22a2 2 0 0 0 2-2h-4a2 2 0 0 0 2 2zm6-6v-5c0-3.1-1.6-5.6-4.5-6.3V4a1.5 1.5 0 0 0-3 0v.7C7.6 5.4 6 7.9 6 11v5l-2 2v1h16v-1z" />
  </svg>
);

/**
 * The header's bell: how many notifications are unread, the latest in a popup, and a warning
 * toast the moment a service app pushes one (PullMessage). One carrying an interaction opens
 * the work screen, from the list or from its toast.
 */
export function NotificationBell() {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const mine = useMyNotifications();
  const arrived = useCallback(
    (notification: UserNotification) => {
      const path = workScreenPath(notification);
      // A click on the toast of one carrying an interaction opens the work screen (the list marks it read later).
      showToast({
        id: notification.id,
        type: 'warning',
        title: `${notification.serviceName}: ${notification.title}`,
        description: notification.content,
        onClick: path ? () => void navigate(path) : undefined,
      });
    },
    [navigate],
  );
  useLiveNotifications(arrived);

  const count = mine.data?.filter((notification) => !notification.read).length ?? 0;
  return (
    <Popover
      label={t(count ? 'notifications.titleUnread' : 'notifications.title', { count })}
      title={t('notifications.title')}
      className="button button-text button-icon bell"
      trigger={
        <>
          {bellIcon}
          {count > 0 && (
            <span className="bell-count" aria-hidden>
              {count}
            </span>
          )}
        </>
      }
    >
      {/* Rendered only while open: the list marks what it showed read when it closes. */}
      {(close) => (
        <Suspense fallback="…">
          <NotificationList mine={mine} pathOf={workScreenPath} onOpen={close} />
        </Suspense>
      )}
    </Popover>
  );
}
