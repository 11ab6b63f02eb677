import type { ValidationMessage } from '@lp/domain/messages';
import { formatValidationMessage } from './message-text';

/** The property/message list inside the validation and warning boxes; scrolls when an upload is long. */
export function MessageList({ messages }: { messages: readonly ValidationMessage[] }) {
  return (
    <ul className="message-list">
      {messages.map((m, index) => (
        // Messages have no identity of their own and the list is replaced as a whole.
        <li key={index}>{formatValidationMessage(m)}</li>
      ))}
    </ul>
  );
}
