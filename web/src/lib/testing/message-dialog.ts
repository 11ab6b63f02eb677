// Answers the in-page confirmation or alert of a screen (components/ui/message-dialog.tsx) as a user
// does: reads its text and presses one of its buttons.
import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/** The open dialog's text, after pressing the button named `answer` in it. */
export async function answerDialog(user: UserEvent, answer: string): Promise<string> {
  const dialog = await screen.findByRole('alertdialog');
  const text = dialog.textContent ?? '';
  await user.click(within(dialog).getByRole('button', { name: answer }));
  return text;
}
