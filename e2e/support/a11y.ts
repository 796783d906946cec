import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * Resolves once every finite animation on the page has ended (an entrance fade, a dialog opening): what a
 * person sees a moment after the page appears, and what a check or a screenshot should judge.
 */
export async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/**
 * Runs axe-core on the page once its entrance animations are over and fails on any serious or
 * critical violation. Mid-fade, a dialog's colours are blended with the backdrop and axe would
 * measure a contrast no one sees once the dialog has settled.
 */
export async function expectNoSeriousA11yViolations(page: Page, context = ''): Promise<void> {
  await animationsSettled(page);
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  if (serious.length === 0) return;
  const report = serious
    .map(
      (v) =>
        `- [${v.impact}] ${v.id}: ${v.help}\n    ${v.nodes.map((n) => n.target.join(' ')).join('\n    ')}`,
    )
    .join('\n');
  throw new Error(`Accessibility violations on ${context || page.url()}:\n${report}`);
}
