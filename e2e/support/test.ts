import { createHash } from 'node:crypto';
import { test as base, expect, type BrowserContext, type TestInfo } from '@playwright/test';

/**
 * The specs' `test`: Playwright's, with two guards on every page. A violation of the portal's
 * content security policy — reported by the page (`securitypolicyviolation`, in every frame) or
 * by the browser's console (frames where scripts do not run, such as the sandboxed e-mail
 * preview) — and an error the page left uncaught (an exception, or a promise rejected with
 * nobody to handle it) each fail the test that met them, whatever the test itself asserts. They
 * watch the test's own context and every context the test opens with `browser.newContext()`.
 *
 * Each test also comes from an address of its own (`clientAddress`), sent as X-Forwarded-For,
 * which the portal takes from a loopback peer as a proxy's (TRUST_PROXY's default): the portal's
 * per-address limits (120 sign-ins in 5 minutes, 30 codes in 10 …) then count each test as the
 * separate visitor it plays, not the whole suite as one address that runs out mid-run.
 */

/** The address a test's requests come from: 10.x.y.z, from its id. */
export function clientAddress(testInfo: Pick<TestInfo, 'testId'>): string {
  const [a = 0, b = 0, c = 1] = createHash('sha256').update(testInfo.testId).digest();
  return `10.${a}.${b}.${Math.max(c, 1)}`;
}

const BINDING = '__portalCspViolation';

interface Findings {
  violations: string[];
  uncaught: string[];
}

async function watch(context: BrowserContext, findings: Findings): Promise<void> {
  await context.exposeBinding(BINDING, ({ frame }, report: string) => void findings.violations.push(`${frame.url()}: ${report}`));
  await context.addInitScript((binding) => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = `${event.effectiveDirective} refused ${event.blockedURI || 'an inline script or style'} (${event.sourceFile || 'the page'}:${event.lineNumber})`;
      void (window as unknown as Record<string, (report: string) => Promise<void>>)[binding]?.(report);
    });
  }, BINDING);
  context.on('console', (message) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text())) findings.violations.push(`console of ${message.page()?.url() ?? 'a worker'}: ${message.text()}`);
  });
  // Every page of the context, those it opens later included (Playwright's `pageerror`, context-wide).
  context.on('weberror', (webError) => {
    // A rejection need not carry an Error (antd's validateFields rejects with its field errors): say what it was.
    const error = webError.error();
    const what = error.stack || error.message || JSON.stringify(error);
    findings.uncaught.push(`${webError.page()?.url() ?? 'a page'}: ${what}`);
  });
}

export const test = base.extend<{ pageGuards: void }>({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    await use({ ...extraHTTPHeaders, 'x-forwarded-for': clientAddress(testInfo) });
  },
  pageGuards: [
    async ({ context, browser, extraHTTPHeaders }, use) => {
      const findings: Findings = { violations: [], uncaught: [] };
      await watch(context, findings);
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => {
        const opened = await newContext({ ...options, extraHTTPHeaders: { ...extraHTTPHeaders, ...options?.extraHTTPHeaders } });
        await watch(opened, findings);
        return opened;
      };
      try {
        await use();
      } finally {
        // The prototype's own method again, for the worker's next test.
        delete (browser as Partial<typeof browser>).newContext;
      }
      expect(findings.violations, 'the portal’s content security policy was violated').toEqual([]);
      expect(findings.uncaught, 'a page left an error uncaught').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
export type { APIRequestContext, Browser, BrowserContext, Page, TestInfo } from '@playwright/test';
