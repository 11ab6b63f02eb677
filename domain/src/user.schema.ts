// User: the edit form's schema and the server's schemas of POST/PUT /api/users. The password is
// required when creating; on update an empty or absent password keeps the current one
// (decisions.md section 7).
import { z } from 'zod';
import {
  EMAIL_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_DISTINCT_CHARACTERS,
  PASSWORD_MIN_LENGTH,
} from './limits';
import type { User, UserInput } from './entities';
import {
  businessNumberRule,
  businessNumberTextRule,
  requiredTextRule,
  wireTypes,
} from './master-data.schema';
import { MASTER_DATA_MESSAGES, MESSAGES } from './messages';

/** The browser's own e-mail syntax (input type=email), so it also takes admin@localhost. */
export const emailAddressRule = requiredTextRule(EMAIL_MAX_LENGTH).pipe(
  z.email({ pattern: z.regexes.html5Email, error: MESSAGES.invalidEmail }),
);

/**
 * The password policy, checked on the text exactly as typed: leading and trailing spaces are part
 * of the password, so nothing is trimmed. Any characters are allowed.
 */
export const passwordRule = z
  .string({ error: MESSAGES.required })
  .min(1, { error: MESSAGES.required })
  .pipe(
    z
      .string()
      .min(PASSWORD_MIN_LENGTH, { error: MESSAGES.minLength(PASSWORD_MIN_LENGTH), abort: true })
      .max(PASSWORD_MAX_LENGTH, { error: MESSAGES.maxLength(PASSWORD_MAX_LENGTH), abort: true })
      .refine((password) => new Set(password).size >= PASSWORD_MIN_DISTINCT_CHARACTERS, {
        error: MASTER_DATA_MESSAGES.passwordFewDistinctCharacters(PASSWORD_MIN_DISTINCT_CHARACTERS),
      }),
  );

/**
 * Whether a password is the user's e-mail address or the part before its @, ignoring letter case,
 * spaces around it and digits and symbols after it ('lieferant2026!'): the first guesses of anyone
 * who knows the address.
 */
export function isEmailAddressPassword(password: string, emailAddress: string): boolean {
  const address = emailAddress.trim().toLowerCase();
  const local = address.split('@')[0] ?? '';
  const typed = password.trim().toLowerCase();
  return [typed, passwordStem(typed)].some((text) => text !== '' && (text === address || text === local));
}

/** A password without the digits and symbols people append to a word ('Sommer2025!' → 'Sommer'). */
export function passwordStem(password: string): string {
  return password.replace(/[\d\p{P}\p{S}\s]+$/u, '');
}

const emailAddressPasswordParams = {
  path: ['password'],
  error: MASTER_DATA_MESSAGES.passwordIsEmailAddress,
  when: ({ value }: { value: unknown }) => {
    const { password, emailAddress } = value as { password?: unknown; emailAddress?: unknown };
    return typeof password === 'string' && typeof emailAddress === 'string';
  },
};

/** On update: empty or absent keeps the current password (output undefined). */
const keepOrNewPasswordRule = z
  .string()
  .nullish()
  .transform((v) => (v ? v : undefined))
  .pipe(passwordRule.optional());

const passwordFor = (isNew: boolean) => (isNew ? passwordRule : keepOrNewPasswordRule);

/**
 * Structural schema of the request body (400 on wrong JSON types). Unknown fields are dropped.
 * Absent flags and creditor stay absent: a new user defaults to an active non-admin without
 * creditor, a changed one keeps its stored values (a partial body never demotes an admin).
 */
export const userInputSchema = wireTypes.object({
  emailAddress: wireTypes.text(),
  password: wireTypes.text(),
  currentPassword: wireTypes.text(),
  isAdmin: wireTypes.flag(),
  isActive: wireTypes.flag(),
  creditorNumber: wireTypes.number(),
  /** On create: mail the new user a link to set the password (then the password may be empty). */
  sendInvitation: wireTypes.flag(),
});
export type UserInputBody = z.output<typeof userInputSchema>;

// Checked even when other fields failed (so the form lists every problem at once), but only once
// isAdmin is a boolean.
const creditorRequiredParams = (key: string) => ({
  path: [key],
  error: MASTER_DATA_MESSAGES.creditorRequiredForSupplier,
  when: ({ value }: { value: unknown }) => typeof (value as { isAdmin?: unknown }).isAdmin === 'boolean',
});

// A user is either an admin or one creditor's supplier: an admin tied to a creditor would get that
// creditor's urgency e-mail (its e-mail addresses) and keep the creditor from being deleted. Checked
// once the flag is a boolean and the creditor a valid number (a bad number has its own message).
const adminWithoutCreditorParams = (key: string) => ({
  path: [key],
  error: MASTER_DATA_MESSAGES.adminWithoutCreditor,
  when: ({ value }: { value: unknown }) => {
    const { isAdmin, ...rest } = value as Record<string, unknown>;
    return typeof isAdmin === 'boolean' && businessNumberRule.nullable().safeParse(rest[key]).success;
  },
});

function userRules<P extends z.ZodType<string | undefined, string | null | undefined>>(password: P) {
  return z
    .object({
      emailAddress: emailAddressRule,
      password,
      isAdmin: z.boolean(),
      isActive: z.boolean(),
      creditorNumber: businessNumberRule.nullable(),
    })
    .refine((v) => v.isAdmin || v.creditorNumber !== null, creditorRequiredParams('creditorNumber'))
    .refine((v) => !v.isAdmin || v.creditorNumber === null, adminWithoutCreditorParams('creditorNumber'))
    .refine(
      ({ password, emailAddress }: { password?: string; emailAddress: string }) =>
        password === undefined || !isEmailAddressPassword(password, emailAddress),
      emailAddressPasswordParams,
    );
}

/** The rules the server checks when creating a user (200 with German messages). */
export const newUserSchema = userRules(passwordRule);
/** The rules the server checks when changing a user: no password keeps the current one. */
export const existingUserSchema = userRules(keepOrNewPasswordRule);
/** The rules of a new user who gets an invitation: the password may be left empty (the user sets it). */
export const invitedUserSchema = existingUserSchema;

/**
 * Edit form (react-hook-form + zodResolver); `isNew` when creating (password required);
 * `ownEmailAddress` (the stored address) when users edit their own record: changing the password or
 * the address then needs the current password. creditorNumberString is the creditor select's value
 * ('' = none). Output: the body of POST/PUT /api/users.
 */
export function userFormSchema({ isNew, ownEmailAddress }: { isNew: boolean; ownEmailAddress?: string }) {
  return z
    .object({
      emailAddress: emailAddressRule,
      // A new user who is invited may be created without a password (checked below).
      password: isNew ? keepOrNewPasswordRule : passwordFor(isNew),
      currentPassword: z.string(),
      isAdmin: z.boolean(),
      isActive: z.boolean(),
      /** 'Einladung senden' (new users only): the user sets the password through a mailed link. */
      sendInvitation: z.boolean().optional(),
      creditorNumberString: z
        .string()
        .trim()
        .transform((v) => (v === '' ? null : v))
        .pipe(businessNumberTextRule.nullable()),
    })
    .refine((v) => !isNew || v.sendInvitation === true || v.password !== undefined, {
      path: ['password'],
      error: MESSAGES.required,
      // Listed with the other fields' problems, once the password and the flag are readable.
      when: ({ issues }) =>
        !issues.some((i) => i.path?.[0] === 'password' || i.path?.[0] === 'sendInvitation'),
    })
    .refine(
      (v) => v.isAdmin || v.creditorNumberString !== null,
      creditorRequiredParams('creditorNumberString'),
    )
    .refine(
      (v) => !v.isAdmin || v.creditorNumberString === null,
      adminWithoutCreditorParams('creditorNumberString'),
    )
    .refine(
      (v) => v.password === undefined || !isEmailAddressPassword(v.password, v.emailAddress),
      emailAddressPasswordParams,
    )
    .refine(
      (v) =>
        ownEmailAddress === undefined ||
        v.currentPassword !== '' ||
        !changesOwnLogin(ownEmailAddress, v.emailAddress, v.password),
      {
        path: ['currentPassword'],
        error: MASTER_DATA_MESSAGES.currentPasswordRequired,
        when: ({ value }) => typeof (value as { currentPassword?: unknown }).currentPassword === 'string',
      },
    )
    .transform((v): UserInput => ({
      emailAddress: v.emailAddress,
      ...(v.password === undefined ? {} : { password: v.password }),
      ...(v.currentPassword === '' ? {} : { currentPassword: v.currentPassword }),
      isAdmin: v.isAdmin,
      isActive: v.isActive,
      creditorNumber: v.creditorNumberString,
      ...(isNew && v.sendInvitation === true ? { sendInvitation: true } : {}),
    }));
}

/**
 * Whether a change of one's own record changes how one logs in: a new password or another e-mail
 * address (letter case aside: the login ignores it). The server asks for the current password then.
 */
export function changesOwnLogin(
  storedEmailAddress: string,
  emailAddress: unknown,
  password: string | null | undefined,
): boolean {
  const address = typeof emailAddress === 'string' ? emailAddress.trim().toLowerCase() : '';
  return !!password || address !== storedEmailAddress.trim().toLowerCase();
}
export type UserFormValues = z.input<ReturnType<typeof userFormSchema>>;

export const emptyUserFormValues: UserFormValues = {
  emailAddress: '',
  password: '',
  currentPassword: '',
  isAdmin: false,
  isActive: true,
  creditorNumberString: '',
  sendInvitation: false,
};

/** The stored password is never sent: the form starts with an empty one (= keep). */
export function toUserFormValues(user: User): UserFormValues {
  return {
    emailAddress: user.emailAddress,
    password: '',
    currentPassword: '',
    isAdmin: user.isAdmin,
    isActive: user.isActive,
    // An admin has no creditor: one stored from before that rule is not offered for saving again.
    creditorNumberString: user.isAdmin || user.creditorNumber === null ? '' : String(user.creditorNumber),
  };
}
