import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { MASTER_DATA_SCREEN_LABELS as MD } from '@lp/domain/labels';
import { isReservedRecord } from '@lp/domain/reserved-records';
import { useCurrentUser } from '../../../lib/current-user';
import { useFormDraft } from '../../../lib/use-form-draft';
import { masterDataDraftKey } from '../utils/draft-key';
import type {
  MasterDataBody,
  MasterDataFormValues,
  NumberedRecord,
  NumberedResource,
} from '../kinds/resource';
import { CheckboxField, ReadOnlyField, TextInputField } from './fields';
import { FormActions } from './form-actions';
import { mayWrite } from '../utils/may-write';

interface MasterDataFormProps<T extends NumberedRecord> {
  resource: NumberedResource<T>;
  /** The stored record; undefined creates a new one. */
  record: T | undefined;
  busy: boolean;
  onSubmit: (body: MasterDataBody) => void;
  onDelete: () => void;
}

/**
 * The edit form of articles, creditors and debitors: number (typed only when new), name, for debitors
 * the address, and the active flag. The kind's schema of domain/ validates as the server does.
 */
export function MasterDataForm<T extends NumberedRecord>({
  resource,
  record,
  busy,
  onSubmit,
  onDelete,
}: MasterDataFormProps<T>) {
  const canWrite = mayWrite(useCurrentUser(), resource.path);
  const { labels } = resource;
  const pristine = () => (record ? resource.toFormValues(record) : resource.emptyValues);
  const form = useForm<MasterDataFormValues, unknown, MasterDataBody>({
    resolver: zodResolver(resource.formSchema),
    defaultValues: pristine(),
    mode: 'onChange',
  });
  // What was typed survives a session that ends meanwhile (lib/form-drafts.ts), for this version.
  useFormDraft(form, { formKey: masterDataDraftKey(resource.path, record), pristine });
  const {
    register,
    handleSubmit,
    formState: { errors, isValid },
  } = form;
  const id = (field: string) => `${resource.path}-${field}`;
  const reserved = record !== undefined && isReservedRecord(resource.path, record.number);

  return (
    <form className="form" noValidate onSubmit={handleSubmit(onSubmit)}>
      {record ? (
        <ReadOnlyField id={id('number')} label={labels.number} value={resource.formatNumber(record.number)} />
      ) : (
        <TextInputField
          id={id('number')}
          label={labels.number}
          registration={register('number')}
          error={errors.number?.message}
          inputMode="numeric"
          short
          required
        />
      )}
      <TextInputField
        id={id('name')}
        label={labels.name}
        registration={register('name')}
        error={errors.name?.message}
        required
      />
      {resource.addressFields && (
        <>
          <TextInputField
            id={id('street')}
            label={labels.street ?? ''}
            registration={register('street')}
            error={errors.street?.message}
            autoComplete="street-address"
            required
          />
          <TextInputField
            id={id('zipCode')}
            label={labels.zipCode ?? ''}
            registration={register('zipCode')}
            error={errors.zipCode?.message}
            inputMode="numeric"
            autoComplete="postal-code"
            short
            required
          />
          <TextInputField
            id={id('city')}
            label={labels.city ?? ''}
            registration={register('city')}
            error={errors.city?.message}
            autoComplete="address-level2"
            required
          />
        </>
      )}
      {/* The empty-report record is always active and never deleted (the server refuses both). */}
      {reserved ? (
        <p className="system-record-hint">{MD.systemRecordHint}</p>
      ) : (
        <CheckboxField
          id={id('isActive')}
          label={labels.isActive}
          registration={register('isActive')}
          error={errors.isActive?.message}
        />
      )}
      <FormActions
        canSave={isValid && canWrite}
        canDelete={record !== undefined && canWrite && !reserved}
        busy={busy}
        onDelete={onDelete}
      />
    </form>
  );
}
