import { expect, type Page } from '@playwright/test';

interface ToastWatch {
  __toastsSeen?: string[];
  __toastWatcher?: MutationObserver;
}

/**
 * Does `action` and expects a toast saying `text` to appear because of it. Toasts stay 2 s (the
 * specification's): on a machine busy enough, an expectation that polls the page can miss one
 * entirely, so the page itself notes every toast it shows. The toasts already open are closed
 * first, as a user would, so that the one counted is new.
 */
export async function expectToast(page: Page, text: string, action: () => Promise<unknown>, options: { timeout?: number } = {}): Promise<void> {
  await watchToasts(page);
  await action();
  await expect
    .poll(() => toastsSeen(page), { message: `a toast saying "${text}"`, ...options })
    .toContainEqual(expect.stringContaining(text));
}

/**
 * From now on the page notes every toast it shows (read with toastsSeen), after closing those
 * already open: a test can then say that an action raised none, once what it shows instead is there.
 */
export async function watchToasts(page: Page): Promise<void> {
  await page.evaluate(() => {
    const watch = window as unknown as ToastWatch;
    watch.__toastWatcher?.disconnect();
    for (const close of document.querySelectorAll<HTMLButtonElement>('.toast .toast-close')) close.click();
    const seen: string[] = [];
    const note = (node: Node) => {
      if (!(node instanceof Element)) return;
      const toasts = node.matches('.toast') ? [node] : [...node.querySelectorAll('.toast')];
      for (const toast of toasts) seen.push(toast.textContent ?? '');
    };
    const watcher = new MutationObserver((records) => records.forEach((record) => record.addedNodes.forEach(note)));
    watcher.observe(document.body, { childList: true, subtree: true });
    watch.__toastsSeen = seen;
    watch.__toastWatcher = watcher;
  });
}

/** Every toast shown since expectToast's action began, in order (their texts). */
export function toastsSeen(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as ToastWatch).__toastsSeen ?? []);
}
