import type { ReactNode } from 'react';
import { UI_LABELS } from '@lp/domain/labels';
import { cx } from '../../lib/class-names';
import { AlertIcon } from './icons';

export type AlertVariant = 'success' | 'error' | 'warning' | 'info';

export interface AlertProps {
  variant: AlertVariant;
  /** Bold first line, e.g. 'Validierungsfehler!'. */
  title?: ReactNode;
  children?: ReactNode;
  /** Shows a close button when given. */
  onDismiss?: () => void;
  className?: string;
}

/**
 * A message box. Errors and warnings interrupt screen readers (role alert); success and information
 * are announced politely (role status).
 */
export function Alert({ variant, title, children, onDismiss, className }: AlertProps) {
  const urgent = variant === 'error' || variant === 'warning';
  return (
    <div className={cx('alert', `alert--${variant}`, className)} role={urgent ? 'alert' : 'status'}>
      <AlertIcon variant={variant} />
      <div className="alert__body">
        {title && <p className="alert__title">{title}</p>}
        {children}
      </div>
      {onDismiss && (
        <button type="button" className="alert__close" onClick={onDismiss} aria-label={UI_LABELS.close}>
          <span aria-hidden="true">×</span>
        </button>
      )}
    </div>
  );
}
