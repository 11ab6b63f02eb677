// Content-Security-Policy violations of a page, as the browser reports them: a
// `securitypolicyviolation` event for each, collected in the page from before any script runs.
import type { Page } from '@playwright/test';

declare global {
  interface Window {
    cspViolations: string[];
  }
}

/** Starts collecting; call before the first navigation. */
export async function watchCspViolations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.cspViolations.push(
        `${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber} ${event.sample}`,
      );
    });
  });
}

/** The violations of the current document so far. */
export const cspViolations = (page: Page): Promise<string[]> =>
  page.evaluate(() => window.cspViolations ?? []);

/** The console's CSP messages of the page from now on (some violations are reported only there). */
export function watchConsoleCspViolations(page: Page): string[] {
  const messages: string[] = [];
  page.on('console', (message) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text())) messages.push(message.text());
  });
  return messages;
}
