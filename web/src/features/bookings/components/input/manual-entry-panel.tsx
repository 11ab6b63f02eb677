import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { bookingFormSchema, type BookingFormValues } from '@lp/domain/booking.schema';
import { INPUT_LABELS } from '@lp/domain/labels';
import { BOOKING_UI_MESSAGES } from '@lp/domain/messages';
import { useCurrentUser } from '../../../../lib/current-user';
import { readKeepInvoice, writeKeepInvoice } from '../../../../lib/keep-invoice';
import { BookingFields } from '../form/booking-fields';
import { FormLoading } from '../form/form-loading';
import { SaveActions } from '../form/save-actions';
import { SaveFeedback } from '../form/save-feedback';
import { useBookingChoices } from '../form/use-booking-choices';
import { useEntrySave, type NextEntry } from './use-entry-save';
import '../form/booking-form.css';

const emptyBooking = (creditorId: number | null): BookingFormValues => ({
  invoiceDate: '',
  invoiceNumber: '',
  net: '',
  debitorId: null,
  deliveryLocation: '',
  articleId: null,
  additionalInformation: '',
  creditorId,
});

/**
 * The next line of the same invoice: date, number, customer and location stay (and the creditor an
 * admin chose); amount, article and note are typed anew, starting with the amount.
 */
const nextLineOf = (saved: BookingFormValues): NextEntry<BookingFormValues> => ({
  values: {
    ...emptyBooking(saved.creditorId),
    invoiceDate: saved.invoiceDate,
    invoiceNumber: saved.invoiceNumber,
    debitorId: saved.debitorId,
    deliveryLocation: saved.deliveryLocation,
  },
  focus: 'net',
});

/** Tab Manuell: one booking; errors stop it, warnings stop it until the user ignores them. */
export function ManualEntryPanel() {
  const user = useCurrentUser();
  const choices = useBookingChoices();
  // Remembered per user: who enters invoices of several lines keeps it on.
  const [keepInvoice, setKeepInvoice] = useState(() => readKeepInvoice(user.id));
  const form = useForm({
    resolver: zodResolver(bookingFormSchema),
    mode: 'onTouched',
    defaultValues: emptyBooking(user.creditorNumber),
  });
  const { outcome, save, canIgnore, disabled } = useEntrySave(
    form,
    bookingFormSchema,
    () => emptyBooking(user.creditorNumber),
    'manual-entry',
    'invoiceDate',
    (saved) => (keepInvoice ? nextLineOf(saved) : null),
  );
  // The selects would say 'Keine Einträge gefunden' while their lists load.
  if (choices.isLoading) return <FormLoading />;

  return (
    <form
      className="form booking-form card"
      onSubmit={save(true)}
      noValidate
      aria-label={INPUT_LABELS.manual}
    >
      <p className="form__intro">
        {INPUT_LABELS.manualIntro} {INPUT_LABELS.requiredNote}
      </p>
      <BookingFields
        form={form}
        idPrefix="manual"
        articleOptions={choices.articleOptions}
        debitorOptions={choices.debitorOptions}
        creditor={choices.creditor}
      />
      <label className="inline-check inline-check--long">
        <input
          type="checkbox"
          checked={keepInvoice}
          onChange={(event) => {
            setKeepInvoice(event.target.checked);
            writeKeepInvoice(user.id, event.target.checked);
          }}
        />
        {INPUT_LABELS.keepInvoice}
      </label>
      <SaveFeedback outcome={outcome} successMessage={BOOKING_UI_MESSAGES.bookingSaved} />
      <SaveActions disabled={disabled} canIgnoreWarnings={canIgnore} onIgnoreWarnings={save(false)} />
    </form>
  );
}
