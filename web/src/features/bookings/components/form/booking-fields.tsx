import { Controller, type UseFormReturn } from 'react-hook-form';
import type { BookingFormValues } from '@lp/domain/booking.schema';
import { TEXT_MAX_LENGTH } from '@lp/domain/constants';
import type { TransactionInput } from '@lp/domain/entities';
import { BOOKING_LABELS, INPUT_LABELS } from '@lp/domain/labels';
import { FormField } from '../../../../components/ui/form-field';
import { MaskedDateInput } from '../../../../components/ui/masked-date-input';
import type { SelectOption } from '../../../../components/ui/select';
import { AmountInput } from './amount-input';
import { CreditorField, type CreditorChoice } from './creditor-field';
import { NumberSelect } from './number-select';

export type BookingForm = UseFormReturn<BookingFormValues, unknown, TransactionInput>;

export interface BookingFieldsProps {
  form: BookingForm;
  /** Makes the ids unique on the page ('manual', 'edit'). */
  idPrefix: string;
  articleOptions: readonly SelectOption[];
  debitorOptions: readonly SelectOption[];
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
      <Controller
        control={control}
        name="invoiceDate"
        render={({ field, fieldState }) => (
          <FormField
            id={id('invoice-date')}
            label={BOOKING_LABELS.invoiceDate}
            required
            error={fieldState.error?.message}
          >
            {(props) => (
              <MaskedDateInput
                {...props}
                ref={field.ref}
                name={field.name}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
              />
            )}
          </FormField>
        )}
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
      <Controller
        control={control}
        name="net"
        render={({ field, fieldState }) => (
          <FormField
            id={id('net')}
            label={BOOKING_LABELS.net}
            required
            error={fieldState.error?.message}
            hint={INPUT_LABELS.netHint}
          >
            {(props) => (
              <AmountInput
                {...props}
                ref={field.ref}
                name={field.name}
                value={field.value === null ? '' : String(field.value)}
                onChange={field.onChange}
                onBlur={field.onBlur}
              />
            )}
          </FormField>
        )}
      />
      <Controller
        control={control}
        name="debitorId"
        render={({ field, fieldState }) => (
          <FormField
            id={id('debitor')}
            label={BOOKING_LABELS.debitorId}
            required
            error={fieldState.error?.message}
          >
            {(props) => (
              <NumberSelect
                {...props}
                ref={field.ref}
                name={field.name}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                options={debitorOptions}
                invalid={fieldState.invalid}
              />
            )}
          </FormField>
        )}
      />
      <FormField
        id={id('location')}
        label={BOOKING_LABELS.deliveryLocation}
        required
        error={errors.deliveryLocation?.message}
      >
        {(props) => (
          <input
            {...props}
            {...register('deliveryLocation')}
            className="input"
            type="text"
            maxLength={TEXT_MAX_LENGTH}
          />
        )}
      </FormField>
      <Controller
        control={control}
        name="articleId"
        render={({ field, fieldState }) => (
          <FormField
            id={id('article')}
            label={BOOKING_LABELS.articleId}
            required
            error={fieldState.error?.message}
          >
            {(props) => (
              <NumberSelect
                {...props}
                ref={field.ref}
                name={field.name}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                options={articleOptions}
                invalid={fieldState.invalid}
              />
            )}
          </FormField>
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
            <textarea
              {...props}
              {...register('additionalInformation')}
              className="textarea"
              rows={2}
              maxLength={TEXT_MAX_LENGTH}
            />
          ) : (
            <input
              {...props}
              {...register('additionalInformation')}
              className="input"
              type="text"
              maxLength={TEXT_MAX_LENGTH}
            />
          )
        }
      </FormField>
      <CreditorField id={id('creditor')} control={control} name="creditorId" choice={creditor} />
    </div>
  );
}
