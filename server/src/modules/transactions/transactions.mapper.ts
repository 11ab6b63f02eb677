import { isoDayToWire } from '@lp/domain/dates';
import type { Transaction } from '@lp/domain/entities';
import type { BookingRow } from './booking.repository';

/** A booking as the API answers it (entities.ts Transaction): wire dates, net as a number. */
export function toTransactionResponse(row: BookingRow): Transaction {
  return {
    id: row.id,
    invoiceDate: isoDayToWire(row.invoiceDate),
    invoiceNumber: row.invoiceNumber,
    net: Number(row.net),
    debitorId: row.debitorNumber,
    deliveryLocation: row.deliveryLocation,
    articleId: row.articleNumber,
    additionalInformation: row.additionalInformation,
    creditorId: row.creditorNumber,
    debitor: { number: row.debitorNumber, name: row.debitorName },
    article: { number: row.articleNumber, name: row.articleName },
    creditor: { number: row.creditorNumber, name: row.creditorName },
    exportDate: row.exportDate,
    creationDate: row.creationDate,
    creationUserEmailAddress: row.creationUserEmailAddress,
    version: row.version,
  };
}
