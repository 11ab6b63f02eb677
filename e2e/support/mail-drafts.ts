// The urgency e-mail opens its mailto: draft through a link click. In the browser under test the click
// is recorded instead of followed, so specs can read the link and no mail program is asked.
import type { Page } from '@playwright/test';

declare global {
  interface Window {
    __mailDrafts?: string[];
  }
}

export async function recordMailDrafts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.__mailDrafts = [];
    const click = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      if (this.href.startsWith('mailto:')) window.__mailDrafts?.push(this.href);
      else click.call(this);
    };
  });
}

export function mailDrafts(page: Page): Promise<string[]> {
  return page.evaluate(() => window.__mailDrafts ?? []);
}
