import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { emptyReportFormSchema, type EmptyReportFormValues } from '@lp/domain/booking.schema';
import { BOOKING_LABELS, INPUT_LABELS } from '@lp/domain/labels';
import { BOOKING_UI_MESSAGES } from '@lp/domain/messages';
import { FormField } from '../../../../components/ui/form-field';
import { MonthInput } from '../../../../components/ui/month-input';
import { useCurrentUser } from '../../../../lib/current-user';
import { useCreateTransaction } from '../../api/create-transaction';
import { CreditorField } from '../form/creditor-field';
import { FormLoading } from '../form/form-loading';
import { SaveFeedback } from '../form/save-feedback';
import { useCreditorChoice } from '../form/use-creditor-choice';
import { useOnFormEdit, useSaveOutcome } from '../form/use-save-outcome';

const emptyReport = (creditorId: number | null): EmptyReportFormValues => ({ month: '', creditorId });

/**
 * Tab Leermeldung: nothing was invoiced in a month. Posted as a booking with the fixed values of
 * spec section 9 (the schema builds them); a supplier reports for its own creditor.
 */
export function EmptyReportPanel() {
  const user = useCurrentUser();
  const creditor = useCreditorChoice();
  const create = useCreateTransaction();
  const form = useForm({
    resolver: zodResolver(emptyReportFormSchema),
    mode: 'onTouched',
    defaultValues: emptyReport(user.creditorNumber),
  });
  const { outcome, showResult, showFailure, clearStale } = useSaveOutcome();
  useOnFormEdit(form, clearStale);
  const { isValid, isSubmitting } = form.formState;

  const save = (checkForDuplicates: boolean) =>
    form.handleSubmit(async (body) => {
      try {
        const result = await create.mutateAsync({ body, checkForDuplicates });
        if (result.errors.length === 0 && result.warnings.length === 0)
          form.reset(emptyReport(user.creditorNumber));
        showResult(result);
      } catch (error) {
        showFailure(error);
      }
    });

  const canIgnore = outcome.warnings.length > 0 && outcome.errors.length === 0;
  const disabled = !isValid || isSubmitting;
  if (creditor.isLoading) return <FormLoading />;

  return (
    <form
      className="form booking-form card"
      onSubmit={save(true)}
      noValidate
      aria-label={INPUT_LABELS.emptyReport}
    >
      <p className="form__intro">{INPUT_LABELS.emptyReportIntro}</p>
      <div className="booking-fields">
        <Controller
          control={form.control}
          name="month"
          render={({ field, fieldState }) => (
            <FormField
              id="empty-report-month"
              label={BOOKING_LABELS.month}
              required
              error={fieldState.error?.message}
            >
              {(props) => (
                <MonthInput
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
        <CreditorField
          id="empty-report-creditor"
          control={form.control}
          name="creditorId"
          choice={creditor}
        />
      </div>
      <SaveFeedback outcome={outcome} successMessage={BOOKING_UI_MESSAGES.emptyReportSaved} />
      <div className="form__actions">
        <button type="submit" className="button button--primary" disabled={disabled}>
          {INPUT_LABELS.save}
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
