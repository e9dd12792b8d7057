import { useSyncExternalStore } from 'react';
import { watchFailures } from '../api/http.ts';

/**
 * The app's toasts, raised from anywhere (the HTTP client, screens, the live notifications) and
 * shown by the `Toaster` of the signed-in frame. Without a toaster on the page (the sign-in
 * screens show their errors inline) a toast is dropped rather than kept for a later page.
 */
export type ToastType = 'success' | 'error' | 'info' | 'warning';

export interface Toast {
  /** Showing a toast again under the same id replaces it (and starts its time again). */
  id: string;
  type: ToastType;
  title: string;
  description?: string | undefined;
  /** What a click on (or Enter in) the toast does; the toast closes first. */
  onClick?: (() => void) | undefined;
}

let toasts: readonly Toast[] = [];
let counter = 0;
const listeners = new Set<() => void>();

function publish(next: readonly Toast[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

export function showToast({ id = `toast-${++counter}`, ...toast }: Omit<Toast, 'id'> & { id?: string }): void {
  if (listeners.size === 0) return;
  publish([...toasts.filter((shown) => shown.id !== id), { ...toast, id }]);
}

export function closeToast(id: string): void {
  publish(toasts.filter((shown) => shown.id !== id));
}

// The same message raised again while shown (two requests failing alike) replaces it instead of stacking.
export function notifyError(message: string): void {
  showToast({ id: `error:${message}`, type: 'error', title: message });
}

// Every failure the HTTP client meets becomes an error toast (dropped while no toaster listens).
watchFailures(notifyError);

export function notifySuccess(message: string): void {
  showToast({ id: `success:${message}`, type: 'success', title: message });
}

/** Calls `listener` whenever the toasts change (a toaster is on the page while one listens). */
export function watchToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** The toasts on screen, oldest first. */
export const currentToasts = (): readonly Toast[] => toasts;

/** The toasts on screen, for the toaster. */
export function useToasts(): readonly Toast[] {
  return useSyncExternalStore(watchToasts, currentToasts);
}
