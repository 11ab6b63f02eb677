import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { emptyReportFormSchema, formatMonth, type EmptyReportFormValues } from '@lp/domain/booking.schema';
import { toIsoDayString } from '@lp/domain/dates';
import type { Booking } from '@lp/domain/entities';
import { BOOKING_EDIT_LABELS } from '@lp/domain/labels';
import { POLICIES } from '@lp/domain/policies';
import { useCurrentUser } from '../../../../lib/current-user';
import { EmptyReportFields } from '../form/empty-report-fields';
import { FormLoading } from '../form/form-loading';
import { useCreditorChoice } from '../form/use-creditor-choice';
import { BookingMeta } from './booking-meta';
import { SaveActions } from '../form/save-actions';
import type { EditFormProps } from './booking-edit-form';
import { useEditForm } from './use-edit-form';

const toFormValues = (booking: Booking): EmptyReportFormValues => ({
  month: formatMonth(toIsoDayString(booking.invoiceDate)),
  creditorId: booking.creditorId,
});

/**
 * An empty report opened from the list: its other values are fixed (article 999, debitor 999999), so
 * only the month and the creditor can change, as on the Leermeldung tab.
 */
export function EmptyReportEditForm({ feedback, ...props }: EditFormProps) {
  const { booking } = props;
  const user = useCurrentUser();
  const creditor = useCreditorChoice(booking.creditor);
  const form = useForm({
    resolver: zodResolver(emptyReportFormSchema),
    mode: 'onTouched',
    defaultValues: toFormValues(booking),
  });
  const { save, disabled } = useEditForm(form, emptyReportFormSchema, toFormValues, props);
  if (creditor.isLoading) return <FormLoading />;

  return (
    <form
      className="form booking-form card"
      onSubmit={save(true)}
      noValidate
      aria-label={BOOKING_EDIT_LABELS.heading}
    >
      <fieldset className="form__fieldset" disabled={props.locked}>
        <EmptyReportFields form={form} idPrefix="edit" creditor={creditor} />
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
