import { describe, expect, it } from 'vitest';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './limits';
import { USER_LABELS } from './labels';
import { MASTER_DATA_MESSAGES, MESSAGES } from './messages';
import {
  emptyUserFormValues,
  existingUserSchema,
  newUserSchema,
  toUserFormValues,
  userFormSchema,
  userInputSchema,
} from './user.schema';
import { toValidationMessages } from './validation';

const supplier = {
  emailAddress: 'lieferant@example.org',
  isAdmin: false,
  isActive: true,
  creditorNumber: 70001,
};
const create = newUserSchema;
const update = existingUserSchema;
const errorsOf = (result: { error?: Parameters<typeof toValidationMessages>[0] }) =>
  result.error ? toValidationMessages(result.error, USER_LABELS) : [];

describe('newUserSchema and existingUserSchema: e-mail address', () => {
  it.each(['admin@localhost', 'a.b+c@gemeinde.example.org'])('takes %j', (emailAddress) =>
    expect(create.parse({ ...supplier, emailAddress, password: 'Kxq-9271-z' }).emailAddress).toBe(
      emailAddress,
    ),
  );

  it('trims the address', () =>
    expect(update.parse({ ...supplier, emailAddress: ' a@b.de ' }).emailAddress).toBe('a@b.de'));

  it.each([
    ['', MESSAGES.required],
    [null, MESSAGES.required],
    ['kein-at-zeichen', MESSAGES.invalidEmail],
    ['a@b@c.de', MESSAGES.invalidEmail],
    [`${'a'.repeat(EMAIL_MAX_LENGTH)}@b.de`, MESSAGES.maxLength(EMAIL_MAX_LENGTH)],
  ])('refuses %j', (emailAddress, message) =>
    expect(errorsOf(update.safeParse({ ...supplier, emailAddress }))).toEqual([
      { property: 'E-Mail-Adresse', message },
    ]),
  );
});

describe('newUserSchema and existingUserSchema: password policy', () => {
  it('requires a password when creating', () => {
    for (const password of ['', null, undefined]) {
      expect(errorsOf(create.safeParse({ ...supplier, password }))).toEqual([
        { property: 'Passwort', message: MESSAGES.required },
      ]);
    }
  });

  it('keeps the current password on update when it is empty or absent', () => {
    for (const password of ['', null, undefined]) {
      expect(update.parse({ ...supplier, password }).password).toBeUndefined();
    }
  });

  it('checks the length of the text exactly as typed, spaces included', () => {
    const short = 'abcdefgh1'.slice(0, PASSWORD_MIN_LENGTH - 1);
    expect(errorsOf(create.safeParse({ ...supplier, password: short }))).toEqual([
      { property: 'Passwort', message: MESSAGES.minLength(PASSWORD_MIN_LENGTH) },
    ]);
    // Nine characters plus a space: long enough only because the space counts.
    expect(create.parse({ ...supplier, password: ` ${short}` }).password).toBe(` ${short}`);
    expect(update.parse({ ...supplier, password: '  Passwort  ' }).password).toBe('  Passwort  ');
    expect(
      errorsOf(update.safeParse({ ...supplier, password: ' '.repeat(PASSWORD_MIN_LENGTH - 1) })),
    ).toEqual([{ property: 'Passwort', message: MESSAGES.minLength(PASSWORD_MIN_LENGTH) }]);
  });

  it('refuses a password of fewer than five different characters, spaces and repeats included', () => {
    for (const password of ['1111111111', ' '.repeat(10), 'abababab12', 'xxxxxxxxxxxx']) {
      expect(errorsOf(create.safeParse({ ...supplier, password }))).toEqual([
        { property: 'Passwort', message: MASTER_DATA_MESSAGES.passwordFewDistinctCharacters(5) },
      ]);
    }
    expect(create.parse({ ...supplier, password: 'abcab-1234' }).password).toBe('abcab-1234');
  });

  it("refuses the user's e-mail address or its part before the @ as the password", () => {
    const user = { ...supplier, emailAddress: 'Stadtwerke.Einkauf@example.org' };
    for (const password of [
      'stadtwerke.einkauf@example.org',
      'Stadtwerke.Einkauf',
      'stadtwerke.einkauf2026!',
    ]) {
      expect(errorsOf(create.safeParse({ ...user, password }))).toEqual([
        { property: 'Passwort', message: MASTER_DATA_MESSAGES.passwordIsEmailAddress },
      ]);
      expect(errorsOf(update.safeParse({ ...user, password }))).toHaveLength(1);
    }
    expect(create.parse({ ...user, password: 'Einkauf-Stadtwerke-7' }).password).toBe('Einkauf-Stadtwerke-7');
  });

  it('takes any characters up to the maximum length', () => {
    const longest = 'ä€😀"\'<>;='.repeat(20).slice(0, PASSWORD_MAX_LENGTH);
    expect(create.parse({ ...supplier, password: longest }).password).toBe(longest);
    expect(
      errorsOf(create.safeParse({ ...supplier, password: 'y'.repeat(PASSWORD_MAX_LENGTH + 1) })),
    ).toEqual([{ property: 'Passwort', message: MESSAGES.maxLength(PASSWORD_MAX_LENGTH) }]);
  });
});

describe('newUserSchema and existingUserSchema: creditor', () => {
  it('requires a creditor for non-admins, not for admins', () => {
    expect(errorsOf(update.safeParse({ ...supplier, creditorNumber: null }))).toEqual([
      { property: 'Lieferant/Kreditor', message: MASTER_DATA_MESSAGES.creditorRequiredForSupplier },
    ]);
    expect(update.parse({ ...supplier, isAdmin: true, creditorNumber: null }).creditorNumber).toBeNull();
  });

  it('lists a missing creditor together with other problems', () => {
    expect(errorsOf(update.safeParse({ ...supplier, emailAddress: 'x', creditorNumber: null }))).toEqual([
      { property: 'E-Mail-Adresse', message: MESSAGES.invalidEmail },
      { property: 'Lieferant/Kreditor', message: MASTER_DATA_MESSAGES.creditorRequiredForSupplier },
    ]);
  });

  it('refuses a creditor number that is not a positive integer', () => {
    expect(errorsOf(update.safeParse({ ...supplier, creditorNumber: -1 }))).toEqual([
      { property: 'Lieferant/Kreditor', message: MESSAGES.positiveInteger },
    ]);
    // Also for an admin: the number's own message, not a second one.
    expect(errorsOf(update.safeParse({ ...supplier, isAdmin: true, creditorNumber: -1 }))).toEqual([
      { property: 'Lieferant/Kreditor', message: MESSAGES.positiveInteger },
    ]);
  });

  it('refuses a creditor for an admin, in the server’s and the form’s schema', () => {
    const adminWithCreditor = [
      { property: 'Lieferant/Kreditor', message: MASTER_DATA_MESSAGES.adminWithoutCreditor },
    ];
    expect(errorsOf(create.safeParse({ ...supplier, isAdmin: true, password: 'Kxq-9271-z' }))).toEqual(
      adminWithCreditor,
    );
    expect(errorsOf(update.safeParse({ ...supplier, isAdmin: true }))).toEqual(adminWithCreditor);
    const form = userFormSchema({ isNew: false }).safeParse({
      ...emptyUserFormValues,
      emailAddress: 'a@b.de',
      isAdmin: true,
      creditorNumberString: '70001',
    });
    expect(form.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [['creditorNumberString'], MASTER_DATA_MESSAGES.adminWithoutCreditor],
    ]);
  });

  it('starts an admin’s form without a creditor, even one stored from before the rule', () => {
    const admin = { id: 1, emailAddress: 'a@b.de', isAdmin: true, isActive: true, creditorNumber: 70001 };
    expect(toUserFormValues(admin).creditorNumberString).toBe('');
    expect(toUserFormValues({ ...admin, isAdmin: false }).creditorNumberString).toBe('70001');
  });
});

describe('userInputSchema (structural)', () => {
  it('refuses wrong JSON types', () => {
    for (const body of [
      { emailAddress: 1 },
      { password: 12345678901 },
      { isAdmin: 'true' },
      { creditorNumber: '70001' },
    ]) {
      expect(userInputSchema.safeParse(body).success).toBe(false);
    }
  });

  it('keeps absent fields absent and drops unknown fields', () => {
    expect(userInputSchema.parse({ id: 1, passwordHash: 'x', emailAddress: 'a@b.de' })).toEqual({
      emailAddress: 'a@b.de',
    });
  });
});

describe('userFormSchema', () => {
  it('outputs the body of POST /api/users', () => {
    const values = {
      ...emptyUserFormValues,
      emailAddress: 'a@b.de',
      password: 'Passwort-123',
      creditorNumberString: '70001',
    };
    expect(userFormSchema({ isNew: true }).parse(values)).toEqual({
      emailAddress: 'a@b.de',
      password: 'Passwort-123',
      isAdmin: false,
      isActive: true,
      creditorNumber: 70001,
    });
  });

  it('leaves the password out on update when the field is empty', () => {
    const values = toUserFormValues({
      id: 3,
      emailAddress: 'chef@b.de',
      isAdmin: true,
      isActive: true,
      creditorNumber: null,
    });
    expect(values.password).toBe('');
    expect(userFormSchema({ isNew: false }).parse(values)).toEqual({
      emailAddress: 'chef@b.de',
      isAdmin: true,
      isActive: true,
      creditorNumber: null,
    });
  });

  it('asks for the current password when one changes one’s own password or address, not otherwise', () => {
    const own = { id: 3, emailAddress: 'chef@b.de', isAdmin: true, isActive: true, creditorNumber: null };
    const schema = userFormSchema({ isNew: false, ownEmailAddress: own.emailAddress });
    const values = toUserFormValues(own);
    const required = [
      { property: 'Aktuelles Passwort', message: MASTER_DATA_MESSAGES.currentPasswordRequired },
    ];
    expect(schema.safeParse(values).success).toBe(true);
    expect(schema.safeParse({ ...values, emailAddress: 'CHEF@b.de' }).success).toBe(true);
    expect(errorsOf(schema.safeParse({ ...values, password: 'Neues-Kennwort-12' }))).toEqual(required);
    expect(errorsOf(schema.safeParse({ ...values, emailAddress: 'neu@b.de' }))).toEqual(required);
    expect(
      schema.parse({ ...values, password: 'Neues-Kennwort-12', currentPassword: 'Altes-Kennwort-1' }),
    ).toEqual({
      emailAddress: 'chef@b.de',
      password: 'Neues-Kennwort-12',
      currentPassword: 'Altes-Kennwort-1',
      isAdmin: true,
      isActive: true,
      creditorNumber: null,
    });
    // Another user's record: no current password involved.
    expect(
      userFormSchema({ isNew: false }).safeParse({ ...values, password: 'Neues-Kennwort-12' }).success,
    ).toBe(true);
  });

  it('lets an invited new user go without a password, and sends the flag only when creating', () => {
    const values = { ...emptyUserFormValues, emailAddress: 'neu@example.org', isAdmin: true };
    expect(userFormSchema({ isNew: true }).safeParse({ ...values, sendInvitation: true }).data).toEqual({
      emailAddress: 'neu@example.org',
      isAdmin: true,
      isActive: true,
      creditorNumber: null,
      sendInvitation: true,
    });
    expect(errorsOf(userFormSchema({ isNew: true }).safeParse(values))).toEqual([
      { property: 'Passwort', message: MESSAGES.required },
    ]);
    const existing = userFormSchema({ isNew: false }).safeParse({ ...values, sendInvitation: true });
    expect(existing.data).not.toHaveProperty('sendInvitation');
  });

  it('lists the problems of an empty new user under the German labels', () => {
    const result = userFormSchema({ isNew: true }).safeParse(emptyUserFormValues);
    expect(errorsOf(result)).toEqual([
      { property: 'E-Mail-Adresse', message: MESSAGES.required },
      { property: 'Passwort', message: MESSAGES.required },
      { property: 'Lieferant/Kreditor', message: MASTER_DATA_MESSAGES.creditorRequiredForSupplier },
    ]);
  });
});
