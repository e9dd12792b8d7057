import { useEffect, useRef, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { UseQueryResult } from '@tanstack/react-query';
import { NOTIFICATION_DESCRIPTORS, type UserNotification } from '@portal/contracts';
import { callApi } from '../../api/call-api.ts';
import { formatDate } from '../../shared/format.ts';
import './notification-list.css';

/** What the bell hands the list: its query (so this chunk shares no module with the shell's), where an entry leads, and what opening one does. */
interface ListProps {
  mine: UseQueryResult<UserNotification[]>;
  pathOf: (notification: UserNotification) => string | undefined;
  onOpen: () => void;
}

const markRead = (ids: string[]) => callApi(NOTIFICATION_DESCRIPTORS.markRead, { ids });

function NotificationEntry({ notification, pathOf, onOpen }: { notification: UserNotification } & Omit<ListProps, 'mine'>) {
  const navigate = useNavigate();
  const path = pathOf(notification);
  // The work screen leaves the portal for the app at once: the read mark is stored first, or
  // leaving the page would cancel it. A failure is already shown by the HTTP client.
  const open = (event: MouseEvent, to: string) => {
    event.preventDefault();
    onOpen();
    void (notification.read ? Promise.resolve() : markRead([notification.id]).catch(() => undefined)).then(() => navigate(to));
  };
  return (
    <li className={notification.read ? 'notification' : 'notification notification-unread'}>
      <strong>
        {path ? (
          <Link to={path} onClick={(event) => open(event, path)}>
            {notification.title}
          </Link>
        ) : (
          notification.title
        )}
      </strong>
      <span className="notification-meta">
        {notification.serviceName} · {formatDate(notification.createdAt, true)}
      </span>
      {notification.content && <p>{notification.content}</p>}
    </li>
  );
}

/**
 * Once the list has been seen (it closes), what it showed unread is marked read on the server
 * and the bell's list is fetched again, so the badge counts only what is still unseen.
 */
function useMarkReadWhenClosed({ data, refetch }: ListProps['mine']): void {
  const shown = useRef<{ unread: string[]; refetch: () => unknown }>({ unread: [], refetch });
  useEffect(() => {
    shown.current = { unread: (data ?? []).filter((notification) => !notification.read).map((notification) => notification.id), refetch };
  }, [data, refetch]);
  useEffect(
    () => () => {
      const { unread, refetch: fetchAgain } = shown.current;
      if (unread.length === 0) return;
      // A failure is already shown by the HTTP client; the badge then simply stays.
      markRead(unread).then(fetchAgain, () => undefined);
    },
    [],
  );
}

/** The latest notifications of the user, newest first; the unread stand out. */
export function NotificationList({ mine, pathOf, onOpen }: ListProps) {
  const { t } = useTranslation('notification');
  useMarkReadWhenClosed(mine);
  if (mine.isPending) return '…';
  if (mine.isError) return <p role="alert">{mine.error.message}</p>;
  if (mine.data.length === 0) return <p className="notification-meta">{t('list.empty')}</p>;
  return (
    <section aria-label={t('list.title')} className="notification-list">
      {/* Plain list markup: antd's List would move parts shared with the shell into chunks of their own. */}
      <ul>
        {mine.data.map((notification) => (
          <NotificationEntry key={notification.id} notification={notification} pathOf={pathOf} onOpen={onOpen} />
        ))}
      </ul>
    </section>
  );
}
