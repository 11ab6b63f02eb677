import { isoDayToWire } from '@lp/domain/dates';
import type { Booking } from '@lp/domain/entities';
import type { BookingRow } from './bookings.repository';

/** A booking as the API answers it (entities.ts Booking): wire dates, net as a number. */
export function toBookingResponse(row: BookingRow): Booking {
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
    uploadBatchId: row.uploadBatchId,
  };
}
