import { UI_LABELS } from '@lp/domain/labels';
import type { ValidationMessage } from '@lp/domain/messages';

/** 'Zeile 3 – Nettobetrag: …' for file rows, 'Nettobetrag: …' for a record, the bare message without property. */
export function formatValidationMessage({ property, message, rowNumber }: ValidationMessage): string {
  const text = property ? `${property}: ${message}` : message;
  return rowNumber === undefined ? text : `${UI_LABELS.row(rowNumber)} – ${text}`;
}
