// The twelve sortable columns of the bookings list (spec section 2), in order, with their sort key.
import type { ReactNode } from 'react';
import type { SortKey } from '@lp/domain/booking-list-query';
import { formatDate, formatDateTime } from '@lp/domain/dates';
import type { Booking } from '@lp/domain/entities';
import { BOOKING_LIST_LABELS } from '@lp/domain/labels';
import { formatAmount } from '@lp/domain/numbers';
import { Checkmark } from '../../../../components/ui/checkmark';
import { EmailAddress } from '../../../../components/ui/email-address';
import { hyphenatedAt } from '../../../../lib/soft-hyphens';

export interface Column {
  key: SortKey;
  label: string;
  /**
   * The header's text: the label, where a word is much wider than the column's values with soft
   * hyphens at which it may break, so that the twelve columns fit a 1280 px screen.
   */
  header: string;
  /** Cell classes: alignment and how long texts behave. */
  className: string;
  render: (booking: Booking) => ReactNode;
  /** The full text for a cell that may be cut off. */
  title?: (booking: Booking) => string | undefined;
  /** The cell links to the booking's edit form. */
  isLink?: boolean;
  /** A name or text: wraps to at most two lines, then ends in an ellipsis. */
  clamp?: boolean;
}

const C = BOOKING_LIST_LABELS.columns;

export const COLUMNS: readonly Column[] = [
  {
    key: 'invoice_date',
    label: C.invoiceDate,
    header: hyphenatedAt(C.invoiceDate, 'Rechnungs', 'datum'),
    className: 'cell--date',
    render: (t) => formatDate(t.invoiceDate),
  },
  {
    key: 'invoice_number',
    label: C.invoiceNumber,
    header: C.invoiceNumber,
    className: 'cell--text cell--key',
    render: (t) => t.invoiceNumber,
    title: (t) => t.invoiceNumber,
    isLink: true,
  },
  {
    key: 'debitor_number',
    label: C.debitorNumber,
    header: hyphenatedAt(C.debitorNumber, 'Kunden', 'nr.'),
    className: 'cell--number',
    render: (t) => t.debitor.number,
  },
  {
    key: 'debitor_name',
    label: C.debitorName,
    header: C.debitorName,
    className: 'cell--text',
    render: (t) => t.debitor.name,
    title: (t) => t.debitor.name,
    clamp: true,
  },
  {
    key: 'location',
    label: C.location,
    header: C.location,
    className: 'cell--text',
    render: (t) => t.deliveryLocation,
    title: (t) => t.deliveryLocation,
    clamp: true,
  },
  {
    key: 'article_name',
    label: C.articleName,
    header: C.articleName,
    className: 'cell--text',
    render: (t) => t.article.name,
    title: (t) => t.article.name,
    clamp: true,
  },
  {
    key: 'net',
    label: C.net,
    header: hyphenatedAt(C.net, 'Netto', 'betrag'),
    className: 'cell--amount',
    render: (t) => formatAmount(t.net),
  },
  {
    key: 'creditor_number',
    label: C.creditorNumber,
    header: hyphenatedAt(C.creditorNumber, 'Kreditor', 'nr.'),
    className: 'cell--number',
    render: (t) => t.creditor.number,
  },
  {
    key: 'creditor_name',
    label: C.creditorName,
    header: C.creditorName,
    className: 'cell--text',
    render: (t) => t.creditor.name,
    title: (t) => t.creditor.name,
    clamp: true,
  },
  {
    key: 'export_date',
    label: C.exported,
    header: hyphenatedAt(C.exported, 'Expor', 'tiert'),
    className: 'cell--center',
    render: (t) => <Checkmark checked={t.exportDate !== null} />,
    title: (t) => (t.exportDate ? formatDateTime(t.exportDate) : undefined),
  },
  {
    key: 'creation_date',
    label: C.creationDate,
    header: C.creationDate,
    className: 'cell--date',
    render: (t) => formatDateTime(t.creationDate),
  },
  {
    key: 'creation_email_address',
    label: C.creationEmailAddress,
    header: C.creationEmailAddress,
    className: 'cell--text',
    render: (t) => <EmailAddress address={t.creationUserEmailAddress} />,
    title: (t) => t.creationUserEmailAddress,
    clamp: true,
  },
];
