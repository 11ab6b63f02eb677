import { UPLOAD_MESSAGES_SHOWN } from '@lp/domain/limits';
import type { ValidationMessage } from '@lp/domain/messages';

/**
 * The first messages of an upload for the screen, and a last line that counts the rest: a list of
 * 100,000 entries would freeze the page; the downloadable report holds them all.
 */
export function shownMessages(
  messages: readonly ValidationMessage[],
  more: (count: number) => string,
  limit = UPLOAD_MESSAGES_SHOWN,
): readonly ValidationMessage[] {
  if (messages.length <= limit) return messages;
  return [...messages.slice(0, limit), { property: '', message: more(messages.length - limit) }];
}
