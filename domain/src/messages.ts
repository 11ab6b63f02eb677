// German messages of the product, once. Server and web import them from here.

export const MESSAGES = {
  required: 'Dieses Feld ist ein Pflichtfeld.',
  maxLength: (max: number) => `Maximal ${max} Zeichen erlaubt.`,
  minLength: (min: number) => `Mindestens ${min} Zeichen erforderlich.`,
  notANumber: 'Bitte geben Sie eine Zahl ein.',
  positiveInteger: 'Bitte geben Sie eine positive ganze Zahl ein.',
  invalidEmail: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
  invalidDate: 'Bitte geben Sie ein gültiges Datum im Format TT.MM.JJJJ ein.',
  invalidMonth: 'Bitte geben Sie einen gültigen Monat im Format MM.JJJJ ein.',

  loginFailed: 'Benutzername oder Passwort ist falsch oder der Benutzer ist nicht aktiv.',
  loginFailedPrefix: 'Fehler bei der Anmeldung: ',
  loginFailedAdvice: 'Bitte überprüfen Sie Benutzername und Passwort und versuchen Sie es erneut.',
  loginRateLimited: 'Zu viele Anmeldeversuche. Bitte warten Sie eine Minute und versuchen Sie es erneut.',
  unsupportedGrantType: 'Nicht unterstützte Anmeldeart.',

  unauthorized: 'Bitte melden Sie sich an.',
  forbidden: 'Sie haben keine Berechtigung für diese Aktion.',
  notFound: 'Der Datensatz wurde nicht gefunden.',
  malformedRequest: 'Die Anfrage ist ungültig.',
  payloadTooLarge: 'Die Anfrage ist zu groß.',
  serverError: 'Es ist ein interner Fehler aufgetreten. Bitte versuchen Sie es später erneut.',
  requestFailed: 'Die Aktion ist fehlgeschlagen. Es wurden keine Daten verändert. Bitte versuchen Sie es erneut.',
  tooManyRequests: 'Zu viele Anfragen. Bitte versuchen Sie es später erneut.',

  validationHeading: 'Validierungsfehler!',
  validationIntro: 'Es sind folgende Validierungsfehler aufgetreten',
  validationOutro: 'Bitte beheben Sie die Fehler und Speichern Sie den Datensatz erneut!',
  validationOutroFile: 'Bitte beheben Sie die Fehler in der Datei und laden Sie sie erneut hoch!',
  warningHeading: 'Warnung!',
  warningIntro: 'Es sind folgende Probleme aufgetreten. Möchten Sie den Datensatz trotzdem speichern?',
  warningIntroFile: 'Es sind folgende Probleme aufgetreten. Möchten Sie die Datei trotzdem importieren?',

  deleteConfirm: (what: string) =>
    `Sind Sie sicher, dass Sie ${what} löschen möchten? Dieser Vorgang kann nicht rückgängig gemacht werden!`,
} as const;

/** A field's validation message as the server and the forms produce it. */
export interface ValidationMessage {
  property: string;
  message: string;
  rowNumber?: number;
}
