// Debitor, article and creditor of each candidate must exist and be active, loaded in one statement
// for the whole batch. The reserved empty-report numbers are looked up only for an allowed empty
// report: otherwise the field rules already name them.
import { BOOKING_MESSAGES } from '@lp/domain/messages';
import { EMPTY_REPORT_ARTICLE_NUMBER, EMPTY_REPORT_DEBITOR_NUMBER } from '@lp/domain/reserved-records';
import type { BookingField } from '@lp/domain/booking.schema';
import { findMasterDataStates } from '../bookings.repository';
import type { PreparedBooking, ValidationRun } from './validation-run';

const usesArticle = (p: PreparedBooking) =>
  p.emptyReport || p.booking.articleNumber !== EMPTY_REPORT_ARTICLE_NUMBER;
const usesDebitor = (p: PreparedBooking) =>
  p.emptyReport || p.booking.debitorNumber !== EMPTY_REPORT_DEBITOR_NUMBER;

const distinct = (values: (number | null)[]) => [...new Set(values.filter((v): v is number => v !== null))];

interface StateMessages {
  unknown(number: number): string;
  inactive(number: number): string;
}

const DEBITOR: StateMessages = {
  unknown: BOOKING_MESSAGES.debitorUnknown,
  inactive: BOOKING_MESSAGES.debitorInactive,
};
const ARTICLE: StateMessages = {
  unknown: BOOKING_MESSAGES.articleUnknown,
  inactive: BOOKING_MESSAGES.articleInactive,
};
const CREDITOR: StateMessages = {
  unknown: BOOKING_MESSAGES.creditorUnknown,
  inactive: BOOKING_MESSAGES.creditorInactive,
};

export async function checkMasterData({ db, prepared, errors }: ValidationRun): Promise<void> {
  const states = await findMasterDataStates(db, {
    articles: distinct(prepared.filter(usesArticle).map((p) => p.booking.articleNumber)),
    debitors: distinct(prepared.filter(usesDebitor).map((p) => p.booking.debitorNumber)),
    creditors: distinct(prepared.map((p) => p.booking.creditorNumber)),
  });
  prepared.forEach((p, index) => {
    const check = (
      field: BookingField,
      number: number | null,
      active: Map<number, boolean>,
      messages: StateMessages,
    ) => {
      if (number === null) return;
      const isActive = active.get(number);
      if (isActive === undefined) errors[index]!.push({ field, message: messages.unknown(number) });
      else if (!isActive) errors[index]!.push({ field, message: messages.inactive(number) });
    };
    if (usesDebitor(p)) check('debitorId', p.booking.debitorNumber, states.debitors, DEBITOR);
    if (usesArticle(p)) check('articleId', p.booking.articleNumber, states.articles, ARTICLE);
    check('creditorId', p.booking.creditorNumber, states.creditors, CREDITOR);
  });
}
