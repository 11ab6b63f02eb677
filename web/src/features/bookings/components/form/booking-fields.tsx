import type { UseFormReturn } from 'react-hook-form';
import type { BookingFormValues } from '@lp/domain/booking.schema';
import type { BookingInput } from '@lp/domain/entities';
import { BOOKING_LABELS, INPUT_LABELS } from '@lp/domain/labels';
import { ControlledField } from '../../../../components/ui/controlled-field';
import { FormField } from '../../../../components/ui/form-field';
import { DateInput } from '../../../../components/ui/date-input';
import { RecordCombobox, type RecordOption } from '../../../../components/ui/record-combobox';
import { AmountInput } from './amount-input';
import { CreditorField, type CreditorChoice } from './creditor-field';

export type BookingForm = UseFormReturn<BookingFormValues, unknown, BookingInput>;

export interface BookingFieldsProps {
  form: BookingForm;
  /** Makes the ids unique on the page ('manual', 'edit'). */
  idPrefix: string;
  articleOptions: readonly RecordOption[];
  debitorOptions: readonly RecordOption[];
  creditor: CreditorChoice;
  /** The edit form shows the additional information as a textarea (spec section 2). */
  multilineInfo?: boolean;
}

/** The fields of a booking, shared by manual entry and booking edit, in the spec's order. */
export function BookingFields({
  form,
  idPrefix,
  articleOptions,
  debitorOptions,
  creditor,
  multilineInfo = false,
}: BookingFieldsProps) {
  const { control, register } = form;
  const { errors } = form.formState;
  const id = (name: string) => `${idPrefix}-${name}`;

  return (
    <div className="booking-fields">
      <ControlledField
        control={control}
        name="invoiceDate"
        id={id('invoice-date')}
        label={BOOKING_LABELS.invoiceDate}
        required
        render={(field, props) => <DateInput {...props} {...field} />}
      />
      <FormField
        id={id('invoice-number')}
        label={BOOKING_LABELS.invoiceNumber}
        required
        error={errors.invoiceNumber?.message}
      >
        {(props) => (
          <input
            {...props}
            {...register('invoiceNumber')}
            className="input"
            type="text"
            autoComplete="off"
            placeholder={INPUT_LABELS.invoiceNumberPlaceholder}
          />
        )}
      </FormField>
      <ControlledField
        control={control}
        name="net"
        id={id('net')}
        label={BOOKING_LABELS.net}
        required
        hint={INPUT_LABELS.netHint}
        render={(field, props) => (
          <AmountInput {...props} {...field} value={field.value === null ? '' : String(field.value)} />
        )}
      />
      <ControlledField
        control={control}
        name="debitorId"
        id={id('debitor')}
        label={BOOKING_LABELS.debitorId}
        required
        render={(field, props, invalid) => (
          <RecordCombobox
            {...props}
            {...field}
            options={debitorOptions}
            invalid={invalid}
            recentKind="debitor"
          />
        )}
      />
      <FormField
        id={id('location')}
        label={BOOKING_LABELS.deliveryLocation}
        required
        error={errors.deliveryLocation?.message}
      >
        {(props) => <input {...props} {...register('deliveryLocation')} className="input" type="text" />}
      </FormField>
      <ControlledField
        control={control}
        name="articleId"
        id={id('article')}
        label={BOOKING_LABELS.articleId}
        required
        render={(field, props, invalid) => (
          <RecordCombobox
            {...props}
            {...field}
            options={articleOptions}
            invalid={invalid}
            recentKind="article"
          />
        )}
      />
      <FormField
        id={id('additional-information')}
        label={BOOKING_LABELS.additionalInformation}
        error={errors.additionalInformation?.message}
        className={multilineInfo ? 'booking-fields__wide' : undefined}
      >
        {(props) =>
          multilineInfo ? (
            <textarea {...props} {...register('additionalInformation')} className="textarea" rows={2} />
          ) : (
            <input {...props} {...register('additionalInformation')} className="input" type="text" />
          )
        }
      </FormField>
      <CreditorField id={id('creditor')} control={control} name="creditorId" choice={creditor} />
    </div>
  );
}
