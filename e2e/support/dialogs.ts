// The in-page confirmations and alerts (web/src/components/ui/message-dialog.tsx), answered as a user
// does. Start it before the click that opens the dialog, await it after:
//   const answer = answerDialog(page, true); await button.click(); expect(await answer).toBe(text);
import { expect, type Page } from '@playwright/test';
import { UI_LABELS } from '@lp/domain/labels';

/**
 * Waits for the dialog, hands back its message and presses its confirming button (`accept`) or
 * Abbrechen (an alert has only OK); waits until it has closed.
 */
export async function answerDialog(page: Page, accept: boolean): Promise<string> {
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toBeVisible();
  const message = (await dialog.locator('.message-dialog__message').textContent()) ?? '';
  const cancel = dialog.getByRole('button', { name: UI_LABELS.cancel, exact: true });
  if (!accept && (await cancel.count()) > 0) await cancel.click();
  else await dialog.getByRole('button').last().click();
  await expect(dialog).toHaveCount(0);
  return message;
}
