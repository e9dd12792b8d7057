import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';
import { motionSettled } from './resource.ts';

/** axe-core's source, evaluated in the page: a script tag would be refused by a strict Content-Security-Policy, an evaluation is not. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** WCAG 2.1 A and AA: what the portal promises (ARCHITECTURE.md, "Front end"). */
const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

export interface Violation {
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/** Runs axe on the page as it stands and answers its serious and critical WCAG 2.1 AA violations. */
export async function seriousViolations(page: Page): Promise<Violation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (tags) => {
    type Node = { target: string[]; any: { data?: { fgColor?: string; bgColor?: string; contrastRatio?: number } | null }[] };
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: { id: string; impact: string | null; help: string; nodes: Node[] }[] }> } }).axe;
    // A contrast failure names its colours, so the report says what to change.
    const colours = (node: Node) => {
      const data = node.any[0]?.data;
      return data?.fgColor ? ` (${data.fgColor} on ${data.bgColor}: ${data.contrastRatio})` : '';
    };
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations.map((violation) => ({
      rule: violation.id,
      impact: violation.impact ?? '',
      help: violation.help,
      targets: violation.nodes.map((node) => `${node.target.join(' ')}${colours(node)}`),
    }));
  }, WCAG_AA);
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
}

/**
 * Waits until the screen stands: nothing loading, and every finite animation or transition
 * (a dialog fading in, a drawer sliding) finished, so that colours are measured as they end.
 */
export async function settle(page: Page): Promise<void> {
  await expect(page.locator('.page-loading, .ant-spin-spinning, .dashboard-loading, [aria-busy="true"]')).toHaveCount(0);
  // antd starts a dialog's zoom a frame after it mounts: the animations below may not exist yet.
  await motionSettled(page);
  await page.evaluate(async () => {
    const finite = document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity);
    for (const animation of finite) {
      try {
        animation.finish();
      } catch {
        // An animation that cannot finish (paused with no end) is left as it is.
      }
    }
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
  });
}
