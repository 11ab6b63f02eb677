// The confirmations and alerts of spec section 8 as in-page dialogs (issue 57, item 8; decision
// 0084), not the browser's confirm() and alert(): react-aria's modal dialog with the alertdialog role,
// which holds the keyboard inside while open, closes on Escape (as a No), and gives the focus back
// to the control that opened it. The focus starts on the answer that changes nothing (Abbrechen, or
// the alert's OK), as the ARIA pattern for an alert dialog advises.
import { useCallback, useState, type ReactNode } from 'react';
import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { UI_LABELS } from '@lp/domain/labels';
// Its buttons use react-aria's usePress, which would inject an inline style the CSP refuses.
import '../../lib/react-aria-csp';

export interface ConfirmOptions {
  /** The label of the button that goes on ("Löschen", "Exportieren"); OK when left out. */
  confirmLabel?: string;
  /** A destructive action's button is red. */
  destructive?: boolean;
}

interface Pending extends ConfirmOptions {
  kind: 'confirm' | 'alert';
  message: string;
  resolve: (confirmed: boolean) => void;
}

/**
 * The dialogs of one screen: `confirm` resolves true on the confirming button, false on Abbrechen or
 * Escape; `alert` resolves when it is closed. Render `dialog` once in the screen.
 */
export function useMessageDialog(): {
  dialog: ReactNode;
  confirm: (message: string, options?: ConfirmOptions) => Promise<boolean>;
  alert: (message: string) => Promise<void>;
} {
  const [pending, setPending] = useState<Pending | null>(null);
  const confirm = useCallback(
    (message: string, options: ConfirmOptions = {}) =>
      new Promise<boolean>((resolve) => setPending({ kind: 'confirm', message, resolve, ...options })),
    [],
  );
  const alert = useCallback(
    (message: string) =>
      new Promise<void>((resolve) => setPending({ kind: 'alert', message, resolve: () => resolve() })),
    [],
  );
  const close = (confirmed: boolean) => {
    pending?.resolve(confirmed);
    setPending(null);
  };
  const dialog = pending && <MessageDialog {...pending} onClose={close} />;
  return { dialog, confirm, alert };
}

function MessageDialog({
  kind,
  message,
  confirmLabel = UI_LABELS.confirm,
  destructive = false,
  onClose,
}: Omit<Pending, 'resolve'> & { onClose: (confirmed: boolean) => void }) {
  return (
    <ModalOverlay
      className="message-dialog__overlay"
      isOpen
      isDismissable={false}
      onOpenChange={(open) => {
        if (!open) onClose(false);
      }}
    >
      <Modal className="message-dialog">
        <Dialog role="alertdialog" className="message-dialog__dialog">
          <Heading slot="title" className="message-dialog__title">
            {kind === 'confirm' ? UI_LABELS.confirmTitle : UI_LABELS.alertTitle}
          </Heading>
          <p className="message-dialog__message">{message}</p>
          <div className="message-dialog__buttons">
            {kind === 'confirm' ? (
              <>
                <Button className="button button--secondary" autoFocus onPress={() => onClose(false)}>
                  {UI_LABELS.cancel}
                </Button>
                <Button
                  className={destructive ? 'button button--danger' : 'button button--primary'}
                  onPress={() => onClose(true)}
                >
                  {confirmLabel}
                </Button>
              </>
            ) : (
              <Button className="button button--primary" autoFocus onPress={() => onClose(true)}>
                {UI_LABELS.confirm}
              </Button>
            )}
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
