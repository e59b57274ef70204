import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * Serious or critical WCAG 2 A/AA violations (axe-core) on the page, or inside the `include`
 * selector only (a dialog, not the long report under it), as readable lines.
 */
export async function seriousViolations(page: Page, include?: string): Promise<string[]> {
  let axe = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']);
  if (include) axe = axe.include(include);
  const result = await axe.analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
