import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { bookingFormSchema, type BookingFormValues } from '@lp/domain/booking.schema';
import { INPUT_LABELS } from '@lp/domain/labels';
import { BOOKING_UI_MESSAGES } from '@lp/domain/messages';
import { useCurrentUser } from '../../../../lib/current-user';
import { useCreateTransaction } from '../../api/create-transaction';
import { BookingFields } from '../form/booking-fields';
import { FormLoading } from '../form/form-loading';
import { SaveFeedback } from '../form/save-feedback';
import { useBookingChoices } from '../form/use-booking-choices';
import { useOnFormEdit, useSaveOutcome } from '../form/use-save-outcome';

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

/** Tab Manuell: one booking; errors stop it, warnings stop it until the user ignores them. */
export function ManualEntryPanel() {
  const user = useCurrentUser();
  const choices = useBookingChoices();
  const create = useCreateTransaction();
  const form = useForm({
    resolver: zodResolver(bookingFormSchema),
    mode: 'onTouched',
    defaultValues: emptyBooking(user.creditorNumber),
  });
  const { outcome, showResult, showFailure, clearStale } = useSaveOutcome();
  useOnFormEdit(form, clearStale);
  const { isValid, isSubmitting } = form.formState;

  const save = (checkForDuplicates: boolean) =>
    form.handleSubmit(async (body) => {
      try {
        const result = await create.mutateAsync({ body, checkForDuplicates });
        // The form starts over for the next booking; the creditor stays the user's (spec section 4).
        if (result.errors.length === 0 && result.warnings.length === 0)
          form.reset(emptyBooking(user.creditorNumber));
        showResult(result);
      } catch (error) {
        showFailure(error);
      }
    });

  const canIgnore = outcome.warnings.length > 0 && outcome.errors.length === 0;
  const disabled = !isValid || isSubmitting;
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
      <SaveFeedback outcome={outcome} successMessage={BOOKING_UI_MESSAGES.bookingSaved} />
      <div className="form__actions">
        <button type="submit" className="button button--primary" disabled={disabled}>
          {INPUT_LABELS.checkAndSave}
        </button>
        {canIgnore && (
          <button type="button" className="button button--warning" disabled={disabled} onClick={save(false)}>
            {INPUT_LABELS.ignoreWarningsAndSave}
          </button>
        )}
      </div>
    </form>
  );
}
