import { MESSAGES, type ValidationMessage } from '@lp/domain/messages';
import { Alert } from './alert';
import { MessageList } from './message-list';

export interface MessageBoxProps {
  messages: readonly ValidationMessage[];
  /** 'record' for a form (default), 'file' for an upload: only the closing advice differs. */
  variant?: 'record' | 'file';
}

/** The spec's validation error box; renders nothing when there are no messages. */
export function ValidationMessages({ messages, variant = 'record' }: MessageBoxProps) {
  if (messages.length === 0) return null;
  return (
    <Alert variant="error" title={MESSAGES.validationHeading}>
      <p>{MESSAGES.validationIntro}</p>
      <MessageList messages={messages} />
      <p>{variant === 'file' ? MESSAGES.validationOutroFile : MESSAGES.validationOutro}</p>
    </Alert>
  );
}
