import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { bookingFormSchema, type BookingFormValues } from '@lp/domain/booking.schema';
import { formatDate } from '@lp/domain/dates';
import type { Booking, BookingInput } from '@lp/domain/entities';
import { BOOKING_EDIT_LABELS } from '@lp/domain/labels';
import { formatAmount } from '@lp/domain/numbers';
import { POLICIES } from '@lp/domain/policies';
import { useCurrentUser } from '../../../../lib/current-user';
import { BookingFields } from '../form/booking-fields';
import { FormLoading } from '../form/form-loading';
import { useBookingChoices } from '../form/use-booking-choices';
import type { Recheck } from '../form/use-save-outcome';
import { BookingMeta } from './booking-meta';
import { SaveActions } from '../form/save-actions';
import { useEditForm } from './use-edit-form';

const toFormValues = (booking: Booking): BookingFormValues => ({
  invoiceDate: formatDate(booking.invoiceDate),
  invoiceNumber: booking.invoiceNumber,
  net: formatAmount(booking.net),
  debitorId: booking.debitorId,
  deliveryLocation: booking.deliveryLocation,
  articleId: booking.articleId,
  additionalInformation: booking.additionalInformation ?? '',
  creditorId: booking.creditorId,
});

export interface EditFormProps {
  booking: Booking;
  /** Locked by its export (POLICIES['booking:edit']): shown, not changeable. */
  locked: boolean;
  /** `formValues` are the form's values as typed: the warnings of the answer belong to them. */
  onSave: (body: BookingInput, checkForDuplicates: boolean, formValues: unknown) => Promise<void>;
  onEdit: (values: unknown) => void;
  /** Checks edited values again while warnings are shown (useRecheck). */
  recheck: Recheck;
  /** The save boxes, shown above the buttons. */
  feedback: ReactNode;
}

/** The fields of a booking with the stored values; the page keys it by version, so a reload refills it. */
export function BookingEditForm({ feedback, ...props }: EditFormProps) {
  const { booking } = props;
  const user = useCurrentUser();
  const choices = useBookingChoices(booking);
  const form = useForm({
    resolver: zodResolver(bookingFormSchema),
    mode: 'onTouched',
    defaultValues: toFormValues(booking),
  });
  const { save, disabled } = useEditForm(form, bookingFormSchema, toFormValues, props);
  if (choices.isLoading) return <FormLoading />;

  return (
    <form
      className="form booking-form card"
      onSubmit={save(true)}
      noValidate
      aria-label={BOOKING_EDIT_LABELS.heading}
    >
      <fieldset className="form__fieldset" disabled={props.locked}>
        <BookingFields
          form={form}
          idPrefix="edit"
          articleOptions={choices.articleOptions}
          debitorOptions={choices.debitorOptions}
          creditor={choices.creditor}
          multilineInfo
        />
      </fieldset>
      <BookingMeta booking={booking} />
      {feedback}
      <SaveActions
        disabled={disabled}
        canIgnoreWarnings={POLICIES['booking:saveIgnoringWarnings'](user)}
        onIgnoreWarnings={save(false)}
      />
    </form>
  );
}
