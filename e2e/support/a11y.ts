import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** Runs axe-core on the page as it is now and fails on any serious or critical violation. */
export async function expectNoSeriousA11yViolations(page: Page, context = ''): Promise<void> {
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
