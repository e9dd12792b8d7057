import { test as base, expect, type BrowserContext } from '@playwright/test';

/**
 * The specs' `test`: Playwright's, with a content security policy guard on every page. A
 * violation of the portal's policy — reported by the page (`securitypolicyviolation`, in every
 * frame) or by the browser's console (frames where scripts do not run, such as the sandboxed
 * e-mail preview) — fails the test that met it, whatever the test itself asserts. It watches
 * the test's own context and every context the test opens with `browser.newContext()`.
 */

const BINDING = '__portalCspViolation';

async function watch(context: BrowserContext, violations: string[]): Promise<void> {
  await context.exposeBinding(BINDING, ({ frame }, report: string) => void violations.push(`${frame.url()}: ${report}`));
  await context.addInitScript((binding) => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = `${event.effectiveDirective} refused ${event.blockedURI || 'an inline script or style'} (${event.sourceFile || 'the page'}:${event.lineNumber})`;
      void (window as unknown as Record<string, (report: string) => Promise<void>>)[binding]?.(report);
    });
  }, BINDING);
  context.on('console', (message) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text())) violations.push(`console of ${message.page()?.url() ?? 'a worker'}: ${message.text()}`);
  });
}

export const test = base.extend<{ contentSecurityPolicy: void }>({
  contentSecurityPolicy: [
    async ({ context, browser }, use) => {
      const violations: string[] = [];
      await watch(context, violations);
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => {
        const opened = await newContext(options);
        await watch(opened, violations);
        return opened;
      };
      try {
        await use();
      } finally {
        // The prototype's own method again, for the worker's next test.
        delete (browser as Partial<typeof browser>).newContext;
      }
      expect(violations, 'the portal’s content security policy was violated').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
export type { APIRequestContext, Browser, BrowserContext, Page, TestInfo } from '@playwright/test';
