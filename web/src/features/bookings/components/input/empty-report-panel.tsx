import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { emptyReportFormSchema, type EmptyReportFormValues } from '@lp/domain/booking.schema';
import { INPUT_LABELS } from '@lp/domain/labels';
import { BOOKING_UI_MESSAGES } from '@lp/domain/messages';
import { useCurrentUser } from '../../../../lib/current-user';
import { EmptyReportFields } from '../form/empty-report-fields';
import { FormLoading } from '../form/form-loading';
import { SaveActions } from '../form/save-actions';
import { SaveFeedback } from '../form/save-feedback';
import { useCreditorChoice } from '../form/use-creditor-choice';
import { useEntrySave } from './use-entry-save';
import '../form/booking-form.css';

const emptyReport = (creditorId: number | null): EmptyReportFormValues => ({ month: '', creditorId });

/**
 * Tab Leermeldung: nothing was invoiced in a month. Posted as a booking with the fixed values of
 * spec section 9 (the schema builds them); a supplier reports for its own creditor.
 */
export function EmptyReportPanel() {
  const user = useCurrentUser();
  const creditor = useCreditorChoice();
  const form = useForm({
    resolver: zodResolver(emptyReportFormSchema),
    mode: 'onTouched',
    defaultValues: emptyReport(user.creditorNumber),
  });
  const { outcome, save, canIgnore, disabled } = useEntrySave(
    form,
    emptyReportFormSchema,
    () => emptyReport(user.creditorNumber),
    'empty-report',
    'month',
  );
  if (creditor.isLoading) return <FormLoading />;

  return (
    <form
      className="form booking-form card"
      onSubmit={save(true)}
      noValidate
      aria-label={INPUT_LABELS.emptyReport}
    >
      <p className="form__intro">{INPUT_LABELS.emptyReportIntro}</p>
      <EmptyReportFields form={form} idPrefix="empty-report" creditor={creditor} />
      <SaveFeedback outcome={outcome} successMessage={BOOKING_UI_MESSAGES.emptyReportSaved} />
      <SaveActions
        saveLabel={INPUT_LABELS.save}
        disabled={disabled}
        canIgnoreWarnings={canIgnore}
        onIgnoreWarnings={save(false)}
      />
    </form>
  );
}
