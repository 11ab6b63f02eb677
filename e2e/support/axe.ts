// axe-core's verdict on a page as a user would meet it: the serious and critical violations of the
// WCAG 2.1 A and AA rules, each with its rule, impact and where.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

const BLOCKING_IMPACTS = new Set(['serious', 'critical']);

/** The serious and critical violations on the page as it is now. */
export async function seriousViolations(page: Page, disableRules: string[] = []): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .disableRules(disableRules)
    .analyze();
  return result.violations
    .filter((v) => BLOCKING_IMPACTS.has(v.impact ?? ''))
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
