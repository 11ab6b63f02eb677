import type { UseFormReturn } from 'react-hook-form';
import type { EmptyReportFormValues } from '@lp/domain/booking.schema';
import type { BookingInput } from '@lp/domain/entities';
import { BOOKING_LABELS } from '@lp/domain/labels';
import { ControlledField } from '../../../../components/ui/controlled-field';
import { MonthInput } from '../../../../components/ui/month-input';
import { CreditorField, type CreditorChoice } from './creditor-field';

interface EmptyReportFieldsProps {
  form: UseFormReturn<EmptyReportFormValues, unknown, BookingInput>;
  /** Prefix of the fields' ids, unique on the page. */
  idPrefix: string;
  creditor: CreditorChoice;
}

/** The fields of an empty report (Leermeldung tab and its edit form): Monat and Kreditor. */
export function EmptyReportFields({ form, idPrefix, creditor }: EmptyReportFieldsProps) {
  return (
    <div className="booking-fields">
      <ControlledField
        control={form.control}
        name="month"
        id={`${idPrefix}-month`}
        label={BOOKING_LABELS.month}
        required
        render={(field, props) => <MonthInput {...props} {...field} />}
      />
      <CreditorField id={`${idPrefix}-creditor`} control={form.control} name="creditorId" choice={creditor} />
    </div>
  );
}
