import { MESSAGES } from '@lp/domain/messages';
import { Alert } from './alert';
import { MessageList } from './message-list';
import type { MessageBoxProps } from './validation-messages';

/** The spec's warnings box (store anyway?); renders nothing when there are no warnings. */
export function WarningMessages({ messages, variant = 'record' }: MessageBoxProps) {
  if (messages.length === 0) return null;
  return (
    <Alert variant="warning" title={MESSAGES.warningHeading}>
      <p>{variant === 'file' ? MESSAGES.warningIntroFile : MESSAGES.warningIntro}</p>
      <MessageList messages={messages} />
    </Alert>
  );
}
