import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { INVITATION_LIFETIME_DAYS, PASSWORD_MIN_LENGTH } from '@lp/domain/limits';
import type { Creditor, User, UserInput } from '@lp/domain/entities';
import { MASTER_DATA_SCREEN_LABELS as L, USER_LABELS } from '@lp/domain/labels';
import {
  emptyUserFormValues,
  toUserFormValues,
  userFormSchema,
  type UserFormValues,
} from '@lp/domain/user.schema';
import { FormField } from '../../../components/ui/form-field';
import { RecordCombobox } from '../../../components/ui/record-combobox';
import { numberNameOptions } from '../../../components/ui/select-options';
import { useCurrentUser } from '../../../lib/current-user';
import { useFormDraft } from '../../../lib/use-form-draft';
import { masterDataDraftKey } from '../utils/draft-key';
import { CheckboxField, TextInputField } from './fields';
import { FormActions } from './form-actions';
import { mayWrite } from '../utils/may-write';

const PASSWORD_FIELDS = ['password', 'currentPassword'] as const;

interface UserFormProps {
  /** The stored user; undefined creates a new one. */
  user: User | undefined;
  creditors: readonly Creditor[];
  busy: boolean;
  /** True once a save succeeded: the typed password is then cleared (saving again keeps it). */
  saved: boolean;
  onSubmit: (body: UserInput) => void;
  onDelete: () => void;
}

/**
 * 'Benutzer bearbeiten': e-mail address, password (required when creating; empty keeps the current
 * one when editing, decisions.md section 7), the flags and the creditor. The stored password is never
 * shown: the field starts empty. On one's own record 'Aktuelles Passwort' confirms a change of
 * password or e-mail address (the server checks it).
 */
export function UserForm({ user, creditors, busy, saved, onSubmit, onDelete }: UserFormProps) {
  const currentUser = useCurrentUser();
  const canWrite = mayWrite(currentUser, 'users');
  const currentUserId = currentUser.id;
  const isNew = user === undefined;
  const ownEmailAddress = user !== undefined && user.id === currentUserId ? user.emailAddress : undefined;
  const isSelf = ownEmailAddress !== undefined;
  const schema = useMemo(() => userFormSchema({ isNew, ownEmailAddress }), [isNew, ownEmailAddress]);
  // On one's own record a new password or address asks for the current password at once.
  const loginDeps = isSelf ? { deps: ['currentPassword' as const] } : {};
  const pristine = () => (user ? toUserFormValues(user) : emptyUserFormValues);
  const form = useForm<UserFormValues, unknown, UserInput>({
    resolver: zodResolver(schema),
    defaultValues: pristine(),
    mode: 'onChange',
  });
  // What was typed survives a session that ends meanwhile (lib/form-drafts.ts), never a password.
  useFormDraft(form, { formKey: masterDataDraftKey('users', user), pristine, omit: PASSWORD_FIELDS });
  const {
    register,
    control: formControl,
    handleSubmit,
    resetField,
    setValue,
    formState: { errors, isValid },
  } = form;
  // A second save must not send the password again (a change revokes the user's sessions).
  useEffect(() => {
    if (saved) {
      resetField('password', { defaultValue: '' });
      resetField('currentPassword', { defaultValue: '' });
    }
  }, [saved, resetField]);
  const creditorOptions = useMemo(() => numberNameOptions(creditors), [creditors]);
  const isAdmin = useWatch({ control: formControl, name: 'isAdmin' });
  const invited = useWatch({ control: formControl, name: 'sendInvitation' }) === true;

  return (
    <form className="form" noValidate onSubmit={handleSubmit(onSubmit)}>
      <TextInputField
        id="user-emailAddress"
        label={USER_LABELS.emailAddress}
        registration={register('emailAddress', loginDeps)}
        error={errors.emailAddress?.message}
        type="email"
        inputMode="email"
        required
      />
      <TextInputField
        id="user-password"
        label={USER_LABELS.password}
        registration={register('password', loginDeps)}
        error={errors.password?.message}
        hint={
          isNew
            ? invited
              ? L.passwordInvitedHint
              : L.passwordNewHint(PASSWORD_MIN_LENGTH)
            : L.passwordKeepHint
        }
        type="password"
        autoComplete="new-password"
        required={isNew && !invited}
      />
      {isNew && (
        <CheckboxField
          id="user-sendInvitation"
          label={USER_LABELS.sendInvitation}
          hint={L.sendInvitationHint(INVITATION_LIFETIME_DAYS)}
          registration={register('sendInvitation', { deps: ['password'] })}
        />
      )}
      {isSelf && (
        <TextInputField
          id="user-currentPassword"
          label={USER_LABELS.currentPassword}
          registration={register('currentPassword')}
          error={errors.currentPassword?.message}
          hint={L.currentPasswordHint}
          type="password"
          autoComplete="current-password"
        />
      )}
      {/* A supplier needs a creditor, an admin has none: changing the flag re-checks the creditor,
          and ticking it clears the creditor (the picker is then disabled) instead of leaving the
          admin with a creditor the server refuses. */}
      <CheckboxField
        id="user-isAdmin"
        label={USER_LABELS.isAdmin}
        registration={register('isAdmin', {
          deps: ['creditorNumberString'],
          onChange: (event: { target: { checked: boolean } }) => {
            if (event.target.checked) setValue('creditorNumberString', '', { shouldValidate: true });
          },
        })}
        error={errors.isAdmin?.message}
      />
      <CheckboxField
        id="user-isActive"
        label={USER_LABELS.isActive}
        registration={register('isActive')}
        error={errors.isActive?.message}
      />
      <FormField
        id="user-creditorNumberString"
        label={L.creditorSelect}
        hint={L.creditorHint}
        error={errors.creditorNumberString?.message}
        // Marked like every required field while the user is no admin: the disabled Speichern of a
        // new supplier without creditor had no visible reason.
        required={!isAdmin}
      >
        {(control) => (
          // The form keeps the creditor as the text the schema parses ('' = none).
          <Controller
            control={formControl}
            name="creditorNumberString"
            render={({ field }) => (
              <RecordCombobox
                {...control}
                ref={field.ref}
                value={field.value === '' ? null : Number(field.value)}
                onChange={(value) => field.onChange(value === null ? '' : String(value))}
                onBlur={field.onBlur}
                options={creditorOptions}
                disabled={isAdmin}
                recentKind="creditor"
              />
            )}
          />
        )}
      </FormField>
      <FormActions
        canSave={isValid && canWrite}
        canDelete={!isNew && canWrite}
        busy={busy}
        onDelete={onDelete}
      />
    </form>
  );
}
