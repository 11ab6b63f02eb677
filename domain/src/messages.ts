// German messages of the product, once. Server and web import them from here.

/** "eine Minute", "15 Minuten", "30 Sekunden": how long a login has to wait. */
function waitingTime(seconds: number): string {
  if (seconds <= 1) return 'eine Sekunde';
  if (seconds < 60) return `${seconds} Sekunden`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? 'eine Minute' : `${minutes} Minuten`;
}

export const MESSAGES = {
  required: 'Dieses Feld ist ein Pflichtfeld.',
  maxLength: (max: number) => `Maximal ${max} Zeichen erlaubt.`,
  minLength: (min: number) => `Mindestens ${min} Zeichen erforderlich.`,
  notANumber: 'Bitte geben Sie eine Zahl ein.',
  positiveInteger: 'Bitte geben Sie eine positive ganze Zahl ein.',
  invalidEmail: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
  invalidDate: 'Bitte geben Sie ein gültiges Datum im Format TT.MM.JJJJ ein.',
  invalidMonth: 'Bitte geben Sie einen gültigen Monat im Format MM.JJJJ ein.',
  noSuchDay: (typed: string) =>
    `Den ${typed} gibt es nicht im Kalender. Bitte geben Sie ein gültiges Datum im Format TT.MM.JJJJ ein.`,
  dateYearOutOfRange: 'Das Jahr muss zwischen 1900 und 9999 liegen.',
  forbiddenCharacter:
    'Der Text enthält ein unzulässiges Zeichen (ein Steuer- oder Schreibrichtungszeichen oder ein ungültiges Unicode-Zeichen).',
  lineBreak: 'Der Text darf keinen Zeilenumbruch und kein Tabulatorzeichen enthalten.',
  /** A JSON body in another encoding than UTF-8, declared or not (RFC 8259 section 8.1). */
  bodyNotUtf8: 'Der Inhalt der Anfrage muss in UTF-8 kodiert sein. Es wurde nichts gespeichert.',

  loginFailed: 'Benutzername oder Passwort ist falsch oder der Benutzer ist nicht aktiv.',
  loginFailedPrefix: 'Fehler bei der Anmeldung: ',
  /** The login lock has run out while the screen showed it. */
  loginWaitOver: 'Sie können sich jetzt erneut anmelden.',
  loginFailedAdvice: 'Bitte überprüfen Sie Benutzername und Passwort und versuchen Sie es erneut.',
  loginRateLimited: (seconds: number) =>
    `Zu viele Anmeldeversuche. Bitte warten Sie ${waitingTime(seconds)} und versuchen Sie es erneut.`,
  unsupportedGrantType: 'Nicht unterstützte Anmeldeart.',
  /** The token request after a correct password, for a user with a second factor (decisions.md §15). */
  mfaCodeNeeded: 'Bitte geben Sie den Bestätigungscode aus Ihrer Authenticator-App ein.',
  mfaCodeInvalid:
    'Der Bestätigungscode ist falsch, abgelaufen oder wurde bereits verwendet. Bitte geben Sie den aktuellen Code ein.',
  mfaPasswordWrong: 'Das Passwort ist falsch.',
  mfaAlreadyEnabled: 'Für Ihr Konto ist bereits ein zweiter Faktor eingerichtet.',
  mfaNotStarted: 'Bitte starten Sie die Einrichtung des zweiten Faktors zuerst.',
  mfaNotEnabled: 'Für dieses Konto ist kein zweiter Faktor eingerichtet.',
  /** An admin's reset of its own factor: that needs password and code (Mein Profil). */
  mfaOwnReset:
    'Ihren eigenen zweiten Faktor entfernen Sie unter „Mein Profil“ mit Ihrem Passwort und einem Code.',
  mfaEnrolmentRequired:
    'Administratoren müssen zuerst einen zweiten Faktor einrichten. Bitte richten Sie ihn unter „Mein Profil“ ein.',

  unauthorized: 'Bitte melden Sie sich an.',
  sessionExpired: 'Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.',
  sessionExpiredDraftsKept:
    'Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an – Ihre Eingaben wurden gespeichert und werden danach wiederhergestellt.',
  forbidden: 'Sie haben keine Berechtigung für diese Aktion.',
  notFound: 'Der Datensatz wurde nicht gefunden.',
  malformedRequest: 'Die Anfrage ist ungültig.',
  /** A body of a type the route does not take (415): the API reads JSON, the login a form. */
  unsupportedMediaType:
    'Die Anfrage hat ein nicht unterstütztes Format. Bitte senden Sie JSON (Content-Type: application/json). Es wurde nichts gespeichert.',
  payloadTooLarge: 'Die Anfrage ist zu groß.',
  headersTooLarge: 'Die Kopfzeilen der Anfrage sind zu groß.',
  requestTimedOut: 'Die Anfrage ist nicht rechtzeitig angekommen. Bitte versuchen Sie es erneut.',
  serverError: 'Es ist ein interner Fehler aufgetreten. Bitte versuchen Sie es später erneut.',
  requestFailed:
    'Die Aktion ist fehlgeschlagen. Es wurden keine Daten verändert. Bitte versuchen Sie es erneut.',
  /** A call that got no answer at all (server down, network gone): said once, cleared when it is back. */
  serverUnreachable:
    'Der Server ist nicht erreichbar. Es wurden keine Daten verändert. Sobald er wieder antwortet, wird die Seite von selbst aktualisiert.',
  /** Under a list that could not be loaded while the notice above says why. */
  loadRetriesByItself: 'Sobald der Server wieder antwortet, wird sie von selbst neu geladen.',
  tooManyRequests: 'Zu viele Anfragen. Bitte versuchen Sie es später erneut.',
  databaseUnavailable:
    'Die Datenbank ist vorübergehend nicht erreichbar. Bitte versuchen Sie es in einigen Minuten erneut.',
  shuttingDown:
    'Der Server wird gerade beendet oder neu gestartet. Bitte versuchen Sie es in wenigen Augenblicken erneut.',

  validationHeading: 'Validierungsfehler!',
  validationIntro: 'Es sind folgende Validierungsfehler aufgetreten',
  validationOutro: 'Bitte beheben Sie die Fehler und Speichern Sie den Datensatz erneut!',
  validationOutroFile: 'Bitte beheben Sie die Fehler in der Datei und laden Sie sie erneut hoch!',
  warningHeading: 'Warnung!',
  warningIntro: 'Es sind folgende Probleme aufgetreten. Möchten Sie den Datensatz trotzdem speichern?',
  warningIntroFile: 'Es sind folgende Probleme aufgetreten. Möchten Sie die Datei trotzdem importieren?',

  /** A list that could not be loaded says so (an empty list would look like "no records"). */
  bookingsLoadFailed: 'Die Buchungen konnten nicht geladen werden.',
  listLoadFailed: 'Die Liste konnte nicht geladen werden.',
  loadFailedAdvice: 'Bitte prüfen Sie Ihre Verbindung und versuchen Sie es erneut.',
  retry: 'Erneut versuchen',

  deleteConfirm: (what: string) =>
    `Sind Sie sicher, dass Sie ${what} löschen möchten? Dieser Vorgang kann nicht rückgängig gemacht werden!`,
} as const;

/** A field's validation message as the server and the forms produce it. */
export interface ValidationMessage {
  property: string;
  message: string;
  rowNumber?: number;
}

/** Messages of bookings and empty reports (decisions.md sections 3, 4 and 6; spec section 8). */
export const BOOKING_MESSAGES = {
  invoiceDateInFuture: 'Das Rechnungsdatum darf nicht in der Zukunft liegen.',
  invoiceDateTooEarly: (minDate: string) => `Das Rechnungsdatum darf nicht vor dem ${minDate} liegen.`,
  netTooManyDecimals: 'Der Nettobetrag darf höchstens zwei Nachkommastellen haben.',
  netZero: 'Der Nettobetrag darf nicht 0 sein.',
  netTooLarge: (max: string) => `Der Nettobetrag darf höchstens ${max} € betragen (Gutschriften negativ).`,
  debitorUnknown: (n: number) => `Der Debitor ${n} existiert nicht.`,
  debitorInactive: (n: number) => `Der Debitor ${n} ist nicht aktiv.`,
  articleUnknown: (n: number) => `Der Artikel ${n} existiert nicht.`,
  articleInactive: (n: number) => `Der Artikel ${n} ist nicht aktiv.`,
  creditorUnknown: (n: number) => `Der Kreditor ${n} existiert nicht.`,
  creditorInactive: (n: number) => `Der Kreditor ${n} ist nicht aktiv.`,
  articleReserved: (n: number) => `Der Artikel ${n} ist für Leermeldungen reserviert.`,
  debitorReserved: (n: number) => `Der Debitor ${n} ist für Leermeldungen reserviert.`,
  foreignCreditor: 'Sie können nur Buchungen für Ihren eigenen Kreditor erfassen.',
  possibleDuplicate: (invoiceDate: string, invoiceNumber: string) =>
    `Mögliche doppelte Buchung: Es gibt bereits eine Buchung vom ${invoiceDate} mit der Rechnungsnummer ${invoiceNumber} und denselben Daten.`,
  possibleDuplicateRow: (rowNumber: number, invoiceDate: string, invoiceNumber: string) =>
    `Mögliche doppelte Buchung: Zeile ${rowNumber} enthält bereits eine Buchung vom ${invoiceDate} mit der Rechnungsnummer ${invoiceNumber} und denselben Daten.`,
  emptyReportFiledForMonth: (month: string) =>
    `Für den Monat ${month} wurde bereits eine Leermeldung abgegeben.`,
  emptyReportAlreadyExists: (month: string) =>
    `Für den Monat ${month} wurde bereits eine Leermeldung abgegeben. Eine zweite Leermeldung ist nicht möglich.`,
  /** A warning: the month counts as reported already, so the empty report changes nothing there. */
  emptyReportBookingsExist: (month: string, count: number) =>
    (count === 1
      ? `Für den Monat ${month} ist bereits eine Buchung vorhanden.`
      : `Für den Monat ${month} sind bereits ${count} Buchungen vorhanden.`) +
    ' Eine Leermeldung ist nur für Monate ohne Buchungen gedacht; der Monat gilt bereits als gemeldet.',
  monthInFuture: 'Der Monat darf nicht in der Zukunft liegen.',
  monthTooEarly: (minMonth: string) => `Der Monat darf nicht vor ${minMonth} liegen.`,
  exportedLocked:
    'Die Buchung wurde bereits exportiert und kann nicht mehr bearbeitet werden. Bitte wenden Sie sich an den Gemeindeverband.',
  exportedNotDeletable:
    'Mindestens eine der ausgewählten Buchungen wurde bereits exportiert und kann nicht gelöscht werden. Bitte wenden Sie sich an den Gemeindeverband. Es wurde nichts gelöscht.',
  deleteNotFound:
    'Mindestens eine der ausgewählten Buchungen wurde nicht gefunden. Es wurde nichts gelöscht.',
  deleteNothingSelected: 'Es wurden keine Buchungen ausgewählt.',
  bookingsBusy:
    'Die Buchungen werden gerade von einem anderen Vorgang bearbeitet, z. B. einem laufenden Export. Es wurde nichts gelöscht. Bitte versuchen Sie es in einem Moment erneut.',
  tooManySelected: (max: number) =>
    `Es können höchstens ${max.toLocaleString('de-DE')} Buchungen auf einmal ausgewählt werden.`,
  versionConflict:
    'Die Buchung wurde inzwischen geändert. Bitte laden Sie die Seite neu und wiederholen Sie Ihre Änderung.',
  versionMissing: 'Die Version der Buchung fehlt. Bitte laden Sie die Seite neu.',
  invalidValue: 'Der Wert hat ein ungültiges Format.',
  unknownSorting: 'Unbekannte Sortierung.',
  invalidFilterDate: 'Bitte geben Sie ein gültiges Datum an.',
  unsupportedExportFormat: 'Nicht unterstütztes Exportformat.',
} as const;

/** Messages of articles, creditors, debitors and users (spec section 8; decisions.md section 7). */
export const MASTER_DATA_MESSAGES = {
  versionConflict:
    'Der Datensatz wurde inzwischen von jemand anderem geändert. Es wurde nichts gespeichert. Bitte laden Sie die Seite neu und wiederholen Sie Ihre Änderung.',
  versionConflictOnDelete:
    'Der Datensatz wurde inzwischen von jemand anderem geändert. Er wurde nicht gelöscht. Bitte laden Sie die Seite neu und prüfen Sie, ob Sie ihn noch löschen möchten.',
  numberTooLarge: (max: number) => `Die Zahl darf höchstens ${max} betragen.`,
  alreadyExists: (label: string, value: string | number) => `${label} ${value} existiert bereits.`,
  numberUnchangeable: 'Die Nummer kann nach dem Anlegen nicht mehr geändert werden.',
  reservedForEmptyReport:
    'Dieser Datensatz ist für Leermeldungen reserviert und kann weder gelöscht noch deaktiviert werden.',
  reservedValuesUnchangeable:
    'Dieser Datensatz ist für Leermeldungen reserviert. Seine Angaben können nicht geändert werden.',
  stillReferenced:
    'Der Datensatz wird noch von Buchungen oder Benutzern verwendet. Bitte deaktivieren Sie ihn stattdessen.',
  articleDeleteFailed: 'Der Artikel kann nicht gelöscht werden!',
  creditorDeleteFailed: 'Der Kreditor kann nicht gelöscht werden!',
  debitorDeleteFailed: 'Der Debitor kann nicht gelöscht werden!',
  userDeleteFailed: 'Der Benutzer kann nicht gelöscht werden!',
  creditorRequiredForSupplier: 'Benutzer ohne Administratorrechte benötigen einen Lieferanten/Kreditor.',
  adminWithoutCreditor: 'Administratoren werden keinem Lieferanten/Kreditor zugeordnet.',
  creditorUnknown: (n: number) => `Der Kreditor ${n} existiert nicht.`,
  ownAdminRight: 'Sie können sich nicht selbst die Administratorrechte entziehen.',
  ownDeactivation: 'Sie können sich nicht selbst deaktivieren.',
  ownDeletion: 'Sie können sich nicht selbst löschen.',
  lastAdmin: 'Der letzte aktive Administrator kann weder herabgestuft noch deaktiviert oder gelöscht werden.',
  passwordFewDistinctCharacters: (min: number) =>
    `Das Passwort muss mindestens ${min} verschiedene Zeichen enthalten.`,
  passwordIsEmailAddress:
    'Das Passwort darf nicht die E-Mail-Adresse des Benutzers oder ihr Teil vor dem @ sein.',
  passwordTooCommon:
    'Dieses Passwort ist zu häufig und leicht zu erraten. Bitte wählen Sie ein anderes Passwort.',
  currentPasswordRequired:
    'Bitte geben Sie Ihr aktuelles Passwort ein, um Ihr Passwort oder Ihre E-Mail-Adresse zu ändern.',
  currentPasswordWrong: 'Das aktuelle Passwort ist nicht korrekt.',
} as const;

/** Messages of the file upload (decisions.md section 5). */
export const UPLOAD_MESSAGES = {
  noFile: 'Bitte wählen Sie eine Datei aus (.csv oder .xlsx).',
  tooManyFiles: 'Bitte laden Sie genau eine Datei hoch.',
  fileTooLarge: (maxMegabytes: number) => `Die Datei ist zu groß (höchstens ${maxMegabytes} MB).`,
  emptyFile: 'Die Datei ist leer.',
  noDataRows: 'Die Datei enthält keine Datenzeilen, nur die Überschriftenzeile.',
  tooManyRows: (max: string) =>
    `Die Datei enthält mehr als ${max} Datenzeilen. Bitte teilen Sie sie auf mehrere Dateien auf.`,
  missingColumns: (names: string) =>
    `In der Überschriftenzeile fehlen Pflichtspalten: ${names}. Bitte verwenden Sie die Vorlage.`,
  /** The header is one cell that holds several column names: the file's separator is none we read. */
  unknownDelimiter:
    'Die Spalten der Überschriftenzeile sind durch ein Zeichen getrennt, das nicht erkannt wird. Bitte trennen Sie die Spalten durch Semikolon, Komma oder Tabulator, z. B. indem Sie die Datei in Excel als „CSV UTF-8“ speichern.',
  duplicateColumn: (name: string) => `Die Spalte „${name}“ kommt in der Überschriftenzeile mehrfach vor.`,
  unsupportedFile:
    'Die Datei ist weder eine CSV-Datei noch eine Excel-Datei (.xlsx) oder LibreOffice-Datei (.ods). Bitte laden Sie eine .csv-, .xlsx- oder .ods-Datei hoch.',
  encryptedFile:
    'Die Excel-Datei ist kennwortgeschützt. Bitte speichern Sie sie ohne Kennwort und laden Sie sie erneut hoch.',
  /** An OpenDocument file that is no spreadsheet (.odt, .odp …). */
  openDocumentFile:
    'Die Datei ist ein OpenDocument-Dokument, aber keine Tabelle. Bitte laden Sie eine Tabelle als .ods-, .xlsx- oder .csv-Datei hoch.',
  corruptOds: 'Die LibreOffice-Datei ist beschädigt oder keine gültige .ods-Datei.',
  encryptedOds:
    'Die LibreOffice-Datei ist kennwortgeschützt. Bitte speichern Sie sie ohne Kennwort und laden Sie sie erneut hoch.',
  odsTooLarge:
    'Die LibreOffice-Datei ist zu groß oder ungewöhnlich aufgebaut (stark gepackt, sehr viele Teile oder Spalten) und wird aus Sicherheitsgründen nicht verarbeitet.',
  noWorksheetOds: 'Die LibreOffice-Datei enthält kein Tabellenblatt.',
  odsTooManyCells: (max: string) =>
    `Die LibreOffice-Datei enthält mehr als ${max} Zellen. Bitte teilen Sie sie auf mehrere Dateien auf.`,
  legacyExcelFile:
    'Das alte Excel-Format (.xls) wird nicht unterstützt. Bitte speichern Sie die Datei als .xlsx oder .csv.',
  corruptXlsx: 'Die Excel-Datei ist beschädigt oder keine gültige .xlsx-Datei.',
  mixedEncoding: (line: number) =>
    `Die Datei mischt zwei Zeichenkodierungen (UTF-8 und Windows-1252), zuerst in Zeile ${line}: Umlaute würden verfälscht gespeichert. Bitte speichern Sie die Datei einheitlich, z. B. in Excel als „CSV UTF-8“.`,
  xlsxTooLarge:
    'Die Excel-Datei ist zu groß oder ungewöhnlich aufgebaut (stark gepackt, sehr viele Teile oder Spalten) und wird aus Sicherheitsgründen nicht verarbeitet.',
  noWorksheet: 'Die Excel-Datei enthält kein Tabellenblatt.',
  /** `others` in tab order; the first five are named (a hostile file may hold thousands). */
  otherBookingSheets: (read: string, others: readonly string[]) => {
    const named = others.slice(0, 5).map((name) => `„${name}“`);
    const rest = others.length - named.length;
    const list =
      rest > 0 ? `${named.join(', ')} und ${rest.toLocaleString('de-DE')} weitere` : named.join(', ');
    return others.length === 1
      ? `Gelesen wird nur das Tabellenblatt „${read}“. Das Tabellenblatt ${list} enthält ebenfalls Buchungsspalten und wird nicht importiert; laden Sie es bei Bedarf als eigene Datei hoch.`
      : `Gelesen wird nur das Tabellenblatt „${read}“. Die Tabellenblätter ${list} enthalten ebenfalls Buchungsspalten und werden nicht importiert; laden Sie sie bei Bedarf als eigene Dateien hoch.`;
  },
  xlsxTooManyCells: (max: string) =>
    `Die Excel-Datei enthält mehr als ${max} Zellen. Bitte teilen Sie sie auf mehrere Dateien auf.`,
  xlsxTooManySharedStrings: (max: string) =>
    `Die Excel-Datei enthält mehr als ${max} verschiedene Texte. Bitte teilen Sie sie auf mehrere Dateien auf oder speichern Sie sie als CSV-Datei.`,
  tooManyUploadsOfUser: (max: number) =>
    `Sie haben bereits ${max} Uploads in Bearbeitung. Bitte warten Sie, bis einer davon abgeschlossen ist.`,
  tooManyUploads:
    'Der Server verarbeitet gerade sehr viele Uploads. Bitte versuchen Sie es in einigen Minuten erneut.',
  csvUnclosedQuote: (line: number) =>
    `Die CSV-Datei ist fehlerhaft: Ein Anführungszeichen ab Zeile ${line} wird nicht geschlossen.`,
  csvUnreadable: (line: number) => `Die CSV-Datei kann ab Zeile ${line} nicht gelesen werden.`,
  moreValuesThanColumns: (values: number, columns: number) =>
    `Die Zeile hat ${values} Werte, die Überschriftenzeile aber nur ${columns} Spalten. Vermutlich enthält ein Wert das Trennzeichen (z. B. ein Komma im Betrag „10,50“ einer durch Kommas getrennten Datei oder ein Semikolon in der Zusatzinformation). Bitte setzen Sie solche Werte in Anführungszeichen oder speichern Sie die Datei mit Semikolon als Trennzeichen.`,
  /** A cell's value (as it is stored, German) has more than two decimals, though it may show two. */
  netTooManyDecimals: (value: string) =>
    `Der Nettobetrag ${value} hat mehr als zwei Nachkommastellen. Die Zelle zeigt ihn vielleicht gerundet an; bitte runden Sie den Wert selbst, z. B. mit der Formel =RUNDEN(…;2), oder tragen Sie den Betrag ein.`,
  templateExampleRow:
    'Dies ist die Beispielzeile der Vorlage. Bitte löschen Sie sie oder ersetzen Sie sie durch Ihre Buchungen.',
  processingTimeout: 'Die Datei konnte nicht rechtzeitig verarbeitet werden. Bitte teilen Sie sie auf.',
  moreErrors: (count: number) => `… und ${count.toLocaleString('de-DE')} weitere Fehler.`,
  moreWarnings: (count: number) => `… und ${count.toLocaleString('de-DE')} weitere Warnungen.`,
  batchExported:
    'Mindestens eine Buchung dieses Uploads wurde bereits exportiert. Der Upload kann nicht rückgängig gemacht werden. Es wurde nichts gelöscht.',
} as const;

/** Messages of the master-data screens: success boxes, delete confirmations, urgency e-mail. */
export const MASTER_DATA_SCREEN_MESSAGES = {
  articleSaved: 'Die Änderungen am Artikel wurden gespeichert.',
  creditorSaved: 'Die Änderungen am Kreditor wurden gespeichert.',
  debitorSaved: 'Die Änderungen am Debitor wurden gespeichert.',
  userSaved: 'Die Änderungen am Benutzer wurden gespeichert.',
  /** The success box on a new record's page, after its creation (issue 57, item 11). */
  articleCreated: 'Der Artikel wurde angelegt.',
  creditorCreated: 'Der Kreditor wurde angelegt.',
  debitorCreated: 'Der Debitor wurde angelegt.',
  userCreated: 'Der Benutzer wurde angelegt.',
  /** The object of MESSAGES.deleteConfirm: 'Sind Sie sicher, dass Sie den Artikel … löschen möchten?' */
  articleToDelete: (label: string) => `den Artikel ${label}`,
  creditorToDelete: (label: string) => `den Kreditor ${label}`,
  debitorToDelete: (label: string) => `den Debitor ${label}`,
  userToDelete: (label: string) => `den Benutzer ${label}`,
  /** The success box on the list after a delete. */
  articleDeleted: (label: string) => `Der Artikel ${label} wurde gelöscht.`,
  creditorDeleted: (label: string) => `Der Kreditor ${label} wurde gelöscht.`,
  debitorDeleted: (label: string) => `Der Debitor ${label} wurde gelöscht.`,
  userDeleted: (label: string) => `Der Benutzer ${label} wurde gelöscht.`,
  urgencyMailNoRecipients: (creditor: string) =>
    `Für den Kreditor ${creditor} gibt es keine aktiven Benutzer mit E-Mail-Adresse. Die Dringlichkeits-E-Mail kann nicht erstellt werden.`,
} as const;

// 'die ausgewählte Buchung' / 'die 3 ausgewählten Buchungen', and the opening of the exported notes.
const selectedBookings = (n: number) =>
  n === 1 ? 'die ausgewählte Buchung' : `die ${n} ausgewählten Buchungen`;
// A selection of one, or one wholly exported, is named as such: never "Eine der ausgewählten …" for
// the only one (issue 57, item 8).
const exportedAmongSelected = (n: number, selected: number) => {
  if (n === selected)
    return n === 1 ? 'Die ausgewählte Buchung wurde' : `Die ${n} ausgewählten Buchungen wurden`;
  return n === 1 ? 'Eine der ausgewählten Buchungen wurde' : `${n} der ausgewählten Buchungen wurden`;
};

/** Banners, alerts and confirmations of the booking screens (spec section 8). */
export const BOOKING_UI_MESSAGES = {
  bookingSaved: 'Die Buchung wurde gespeichert.',
  emptyReportSaved: 'Die Leermeldung wurde gespeichert.',
  warningsStale:
    'Sie haben Werte geändert. Die Warnungen gelten für die zuvor geprüften Werte; die geänderten Werte werden gleich erneut geprüft (gespeichert wird dabei nichts).',
  bookingsDeleted: (n: number) =>
    n === 1 ? 'Die Buchung wurde gelöscht.' : `${n} Buchungen wurden gelöscht.`,
  bookingsExported: (n: number) =>
    n === 1 ? '1 Buchung exportiert.' : `${n.toLocaleString('de-DE')} Buchungen exportiert.`,
  deleteNothingSelected:
    'Es wurden keine Buchungen ausgewählt. Bitte wählen Sie die Buchungen aus, die Sie löschen möchten. Bereits exportierte Buchungen können nur von Administratoren gelöscht werden.',
  deleteConfirm: (selected: number) => MESSAGES.deleteConfirm(selectedBookings(selected)),
  deleteExportedConfirm: (exported: number, selected: number) =>
    `${exportedAmongSelected(exported, selected)} bereits exportiert und ${exported === 1 ? 'muss' : 'müssen'} ` +
    `möglicherweise auch in Drittsystemen gelöscht werden. ${MESSAGES.deleteConfirm(selectedBookings(selected))}`,
  exportNothingFound:
    'Es gibt keine Buchungen zum Exportieren: Keine Buchung entspricht der Suche und den Filtern.',
  exportAllConfirm:
    'Es sind keine Buchungen ausgewählt und der Filter „nicht exportiert“ ist nicht gesetzt. Bereits exportierte Buchungen werden erneut exportiert und dadurch möglicherweise doppelt importiert. Möchten Sie trotzdem exportieren?',
  exportSelectedConfirm: (exported: number, selected: number) =>
    `${exportedAmongSelected(exported, selected)} bereits exportiert und ${exported === 1 ? 'wird' : 'werden'} ` +
    'erneut exportiert. Dadurch kann es zu doppelten Importen kommen. Möchten Sie trotzdem exportieren?',
  saveExportedConfirm:
    'Die Buchung wurde bereits exportiert. Möchten Sie sie trotzdem speichern? Die Buchung muss danach möglicherweise erneut exportiert werden.',
} as const;

/** Banners and alerts of the upload tab (spec section 8: bookings stored). */
export const UPLOAD_UI_MESSAGES = {
  bookingsSaved: (count: number) =>
    count === 1 ? '1 Buchung gespeichert.' : `${count.toLocaleString('de-DE')} Buchungen gespeichert.`,
  fileUnreadable:
    'Die Datei kann nicht gelesen werden. Wurde sie nach der Auswahl geändert, verschoben oder gelöscht? Bitte wählen Sie sie erneut aus.',
  /** `count`: the bookings the upload still holds (some may have been deleted on their own since). */
  undoConfirm: (fileName: string, count: number) =>
    `Möchten Sie den Upload „${fileName}“ wirklich rückgängig machen? ` +
    (count === 0
      ? 'Seine Buchungen wurden bereits einzeln gelöscht; der Upload wird aus der Liste entfernt.'
      : count === 1
        ? 'Die verbliebene Buchung dieser Datei wird gelöscht.'
        : `Die ${count.toLocaleString('de-DE')} verbliebenen Buchungen dieser Datei werden gelöscht.`),
  undone: (fileName: string, count: number) =>
    `Der Upload „${fileName}“ wurde rückgängig gemacht: ` +
    (count === 0
      ? 'keine Buchung mehr zu löschen.'
      : count === 1
        ? '1 Buchung gelöscht.'
        : `${count.toLocaleString('de-DE')} Buchungen gelöscht.`),
} as const;

/** Refusals of GET /api/audit (decisions.md section 11). */
export const AUDIT_MESSAGES = {
  unknownEntity:
    'Unbekannte Art des Datensatzes. Erlaubt sind transaction, article, creditor, debitor und user.',
  invalidId: 'Bitte geben Sie die Kennung des Datensatzes als positive ganze Zahl an.',
} as const;

/** Messages of the reporting status (decisions.md section 10). */
export const REPORTING_STATUS_MESSAGES = {
  invalidMonth: 'Bitte geben Sie den Monat im Format JJJJ-MM an (z. B. 2025-01).',
  /** No booking is older than decisions.md's earliest invoice date, so no month before it has a state. */
  monthTooEarly: (minMonth: string) => `Der Zeitraum darf frühestens mit dem Monat ${minMonth} beginnen.`,
  invalidFlag: 'Der Wert muss true oder false sein.',
  untilBeforeFrom: 'Der letzte Monat darf nicht vor dem ersten Monat liegen.',
  rangeTooLong: (max: number) => `Es können höchstens ${max} Monate auf einmal angezeigt werden.`,
  monthInFuture: 'Der Zeitraum darf höchstens bis zum aktuellen Monat reichen.',
} as const;

/** Messages of the reporting status screen. */
export const REPORTING_STATUS_UI_MESSAGES = {
  emptyReportConfirm: (month: string) =>
    `Leermeldung für ${month} abgeben? Damit bestätigen Sie, dass Sie in diesem Monat keine Bestellungen in Rechnung gestellt haben.`,
  emptyReportSaved: (month: string) => `Die Leermeldung für ${month} wurde gespeichert.`,
  noCreditor: 'Ihrem Benutzer ist kein Kreditor zugeordnet.',
} as const;

/** Password reset and invitations (decisions.md section 13). */
export const PASSWORD_RESET_MESSAGES = {
  /** The one answer to every reset request, whether or not the address has an account. */
  requested:
    'Wenn zu dieser E-Mail-Adresse ein aktives Benutzerkonto gehört, haben wir einen Link zum Festlegen eines neuen Passworts dorthin geschickt. Bitte sehen Sie in Ihrem Postfach nach.',
  tokenUnknown: 'Der Link ist ungültig. Bitte fordern Sie einen neuen an.',
  tokenExpired: 'Der Link ist abgelaufen. Bitte fordern Sie einen neuen an.',
  tokenUsed: 'Der Link wurde bereits verwendet. Bitte fordern Sie bei Bedarf einen neuen an.',
  done: 'Ihr neues Passwort ist gespeichert. Sie können sich jetzt damit anmelden.',
  rateLimited: 'Zu viele Anfragen. Bitte warten Sie einige Minuten und versuchen Sie es erneut.',
  invitationSent: 'Die Einladung wurde verschickt.',
  invitationInactive: 'Ein inaktiver Benutzer kann nicht eingeladen werden.',
};
