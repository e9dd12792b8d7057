import type { NotificationInstance } from 'antd/es/notification/interface';

/**
 * Lets code outside React (the HTTP client) raise the app's toasts. The toasts themselves
 * come from antd's App context, so they follow the current theme and locale.
 */
let instance: NotificationInstance | undefined;

export function bindNotifications(notification: NotificationInstance): void {
  instance = notification;
}

export function notifyError(message: string): void {
  instance?.error({ message });
}

export function notifySuccess(message: string): void {
  instance?.success({ message });
}
