// The API documentation page (decisions.md section 12) renders in Chromium under the app's strict
// CSP: no violation, no console error, the operations of the OpenAPI document visible.
import { expect, test } from '@playwright/test';
import { cspViolations, watchCspViolations } from './support/csp';

test('GET /api/docs shows the operations without a CSP violation', async ({ page }) => {
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  await watchCspViolations(page);

  const response = await page.goto('/api/docs');
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  await expect(page).toHaveTitle('Lieferantenportal – API');
  await expect(page.getByRole('heading', { name: /Lieferantenportal – API/ })).toBeVisible();

  const operation = page.locator('.opblock-get', { hasText: '/api/transactions/{id}' }).first();
  await expect(operation).toBeVisible();
  await expect(page.locator('.opblock-post', { hasText: '/api/getsecuretoken' })).toBeVisible();
  // Opening an operation renders its parameters and answer schemas (more of the UI's styling).
  await operation.locator('.opblock-summary').click();
  await expect(operation.locator('.parameters')).toContainText('id');
  await expect(operation.locator('.responses-wrapper')).toContainText('404');
  await expect(page.getByRole('button', { name: 'Authorize' })).toBeVisible();

  expect(await cspViolations(page)).toEqual([]);
  expect(consoleErrors).toEqual([]);
});
