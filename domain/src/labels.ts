// Every German label the user sees for a field, once. Validation messages name fields by these labels.

export const BOOKING_LABELS = {
  invoiceDate: 'Rechnungsdatum',
  invoiceNumber: 'Bestell-/Rechnungsnummer',
  net: 'Nettobetrag',
  debitorId: 'Kunde/Debitor',
  deliveryLocation: 'Lieferort',
  articleId: 'Artikel',
  additionalInformation: 'Zusatzinformation',
  creditorId: 'Kreditor',
  month: 'Monat',
  creationDate: 'Erstellt am',
  creationUserEmailAddress: 'Erstellt von',
  exportDate: 'Exportiert am',
  version: 'Version',
} as const;

export const ARTICLE_LABELS = { number: 'Artikelnummer', name: 'Bezeichnung', isActive: 'Aktiv' } as const;
export const CREDITOR_LABELS = {
  number: 'Kreditornummer',
  name: 'Name',
  isActive: 'Aktiv',
  lastTransactionCreationDate: 'Letzte Buchung/Meldung',
} as const;
export const DEBITOR_LABELS = {
  number: 'Debitornummer',
  name: 'Name',
  street: 'Straße und Hausnummer',
  zipCode: 'PLZ',
  city: 'Ort',
  isActive: 'Aktiv',
} as const;
export const USER_LABELS = {
  emailAddress: 'E-Mail-Adresse',
  password: 'Passwort',
  currentPassword: 'Aktuelles Passwort',
  isAdmin: 'Administrator',
  isActive: 'Aktiv',
  creditorNumber: 'Lieferant/Kreditor',
  /** The edit form's select value of creditorNumber. */
  creditorNumberString: 'Lieferant/Kreditor',
  sendInvitation: 'Einladung senden',
  /** The audit trail's field of an enrolment, removal or reset of the second factor. */
  secondFactor: 'Zweiter Faktor',
} as const;

/** The master-data hub: title, tab names (also the sheet names of the master-data export). */
export const MANAGEMENT_LABELS = {
  title: 'Stammdaten',
  articles: 'Artikel',
  creditors: 'Kreditoren',
  debitors: 'Debitoren',
  users: 'Benutzer',
} as const;

export const LOGIN_LABELS = {
  heading: 'Login',
  username: 'Benutzername',
  password: 'Passwort',
  submit: 'Anmelden',
  forgotPassword: 'Passwort vergessen?',
} as const;

/** Password reset and first password (decisions.md section 13). */
export const PASSWORD_RESET_LABELS = {
  requestHeading: 'Passwort vergessen',
  requestIntro:
    'Geben Sie die E-Mail-Adresse Ihres Benutzerkontos ein. Sie erhalten dann einen Link, mit dem Sie ein neues Passwort festlegen.',
  emailAddress: 'E-Mail-Adresse',
  requestSubmit: 'Link anfordern',
  setHeading: 'Neues Passwort festlegen',
  password: 'Neues Passwort',
  passwordRepeat: 'Neues Passwort wiederholen',
  passwordsDiffer: 'Die beiden Passwörter stimmen nicht überein.',
  setSubmit: 'Passwort speichern',
  noToken: 'Der Link ist unvollständig. Bitte öffnen Sie ihn genau so, wie er in der E-Mail steht.',
  toLogin: 'Zur Anmeldung',
} as const;

/** Mein Profil (/profil). */
export const PROFILE_LABELS = {
  heading: 'Mein Profil',
  link: 'Mein Profil',
  mailHeading: 'E-Mail-Benachrichtigungen',
  receipts: 'Eingangsbestätigung nach jedem Upload und jeder Leermeldung per E-Mail',
  saved: 'Gespeichert.',
} as const;

/** The second factor on Mein Profil, the login's second step and the admin's reset (decisions.md §15). */
export const MFA_LABELS = {
  heading: 'Zweiter Faktor (Authenticator-App)',
  intro:
    'Mit einem zweiten Faktor fragt die Anmeldung nach dem Passwort zusätzlich einen sechsstelligen Code aus einer Authenticator-App (z. B. FreeOTP, Google Authenticator, Microsoft Authenticator).',
  enabled: 'Der zweite Faktor ist eingerichtet.',
  disabled: 'Es ist kein zweiter Faktor eingerichtet.',
  recoveryCodesLeft: (count: number) =>
    count === 1 ? 'Noch 1 Wiederherstellungscode übrig.' : `Noch ${count} Wiederherstellungscodes übrig.`,
  start: 'Zweiten Faktor einrichten',
  scan: 'Scannen Sie den QR-Code mit Ihrer Authenticator-App oder geben Sie den Schlüssel von Hand ein:',
  qrAlt: 'QR-Code zur Einrichtung in der Authenticator-App',
  secret: 'Schlüssel',
  code: 'Bestätigungscode',
  codeHint: 'Der sechsstellige Code aus der App oder ein Wiederherstellungscode.',
  confirm: 'Bestätigen',
  cancel: 'Abbrechen',
  recoveryHeading: 'Ihre Wiederherstellungscodes',
  recoveryIntro:
    'Jeder Code gilt einmal, falls Sie keinen Zugriff auf die App haben. Bewahren Sie sie sicher auf: Sie werden nur jetzt angezeigt.',
  recoveryDone: 'Ich habe die Codes gespeichert',
  remove: 'Zweiten Faktor entfernen',
  removeIntro: 'Zum Entfernen bestätigen Sie mit Ihrem Passwort und einem aktuellen Code.',
  password: 'Aktuelles Passwort',
  removed: 'Der zweite Faktor wurde entfernt.',
  enrolmentRequired:
    'Administratoren müssen einen zweiten Faktor einrichten, bevor sie das Portal nutzen können.',
  loginStep: 'Bitte geben Sie den Bestätigungscode aus Ihrer Authenticator-App ein.',
  loginSubmit: 'Anmelden',
  reset: 'Zweiten Faktor zurücksetzen',
  resetHint:
    'Entfernt den zweiten Faktor dieses Benutzers (z. B. bei verlorenem Telefon). Er meldet sich danach nur mit dem Passwort an und kann ihn neu einrichten.',
  resetConfirm: 'Den zweiten Faktor dieses Benutzers wirklich zurücksetzen?',
  resetDone: 'Der zweite Faktor wurde zurückgesetzt.',
  resetNone: 'Dieser Benutzer hatte keinen zweiten Faktor.',
} as const;

/** Erinnerungsplan (/outbox/reminders, admins; decisions.md section 13). */
export const REMINDER_PLAN_LABELS = {
  heading: 'Erinnerungsplan',
  intro: (state: string) =>
    `Am genannten Arbeitstag nach einem Monatsende (Montag bis Freitag, ohne die Feiertage in ${state}) erhält jeder aktive Kreditor, dem die Meldung dieses Monats fehlt, eine Erinnerung an seine aktiven Benutzer: jede Stufe höchstens einmal je Monat, und nichts mehr, sobald er gemeldet hat.`,
  switchLabel: 'Erinnerungen automatisch verschicken',
  enabled: 'Der Erinnerungsplan ist aktiv: Erinnerungen gehen an jedem Stufentag von selbst hinaus.',
  paused: 'Der Erinnerungsplan ist pausiert: es werden keine Erinnerungen verschickt.',
  stepsHeading: 'Stufen',
  editSteps: 'Stufen bearbeiten',
  stepLegend: (index: number) => `Stufe ${index}`,
  workingDay: 'Arbeitstag nach Monatsende',
  ownText: 'Eigener Text (leer: Standardtext)',
  removeStep: 'Stufe entfernen',
  addStep: 'Stufe hinzufügen',
  saveSteps: 'Stufen speichern',
  cancelSteps: 'Abbrechen',
  stepsSaved: 'Die Stufen wurden gespeichert.',
  step: (workingDay: number) => `${workingDay}. Arbeitstag`,
  stepText: 'Eigener Text',
  standardText: 'Standardtext',
  stepOn: (workingDay: number, date: string) => `${workingDay}. Arbeitstag: ${date}`,
  previewHeading: 'Vorschau',
  previewDate: 'Tag',
  previewFor: (date: string, workingDay: number | null, month: string) =>
    workingDay === null
      ? `Der ${date} ist kein Arbeitstag: an ihm wird nichts verschickt.`
      : `Der ${date} ist der ${workingDay}. Arbeitstag nach ${month}.`,
  previewNone: 'An diesem Tag erhält niemand eine Erinnerung.',
  previewPaused: 'Der Plan ist pausiert: an diesem Tag würde nichts verschickt.',
  previewCount: (count: number) =>
    count === 1 ? '1 Kreditor würde erinnert:' : `${count} Kreditoren würden erinnert:`,
  creditor: 'Kreditor',
  month: 'Fehlender Monat',
  stepColumn: 'Stufe',
  recipients: 'Empfänger',
  stepDatesFor: (month: string) => `Stufentage nach ${month}`,
} as const;

/** The tabs of the mail area (admins). */
export const MAIL_AREA_LABELS = {
  tabs: 'E-Mail',
  outbox: 'Postausgang',
  reminderPlan: 'Erinnerungsplan',
} as const;

/** Postausgang (/outbox, admins). */
export const OUTBOX_LABELS = {
  heading: 'Postausgang',
  intro: 'Alle E-Mails, die das Portal geschrieben hat, neueste zuerst.',
  createdAt: 'Erstellt',
  kind: 'Art',
  to: 'An',
  subject: 'Betreff',
  state: 'Status',
  attempts: 'Versuche',
  sentAt: 'Versandt',
  error: 'Fehler',
  empty: 'Noch keine E-Mails.',
  showText: 'Text anzeigen',
  hideText: 'Text ausblenden',
} as const;

export const NAV_LABELS = {
  input: 'Dateneingabe',
  inputTooltip: 'Erfassung einzelner Datensätze',
  bookings: 'Buchungen',
  bookingsTooltip: 'Buchungen anzeigen und bearbeiten',
  exports: 'Exporte',
  exportsTooltip: 'Bisherige Exporte der Buchungen erneut herunterladen',
  outbox: 'E-Mail',
  outboxTooltip: 'Postausgang und Erinnerungsplan',
  status: 'Meldestatus',
  statusTooltip: 'Wer für welchen Monat gemeldet hat und wer noch fehlt',
  management: 'Stammdaten',
  managementTooltip: 'Verwaltung der Stammdaten',
  logout: 'Abmelden',
  loggingOut: 'Abmelden...',
  emptyList: 'Keine Einträge gefunden',
  loading: 'Wird geladen …',
  home: 'Lieferantenportal',
} as const;

/** Words of the shared web controls and the app shell (pager, selects, notices, footer, error pages). */
export const UI_LABELS = {
  selectPlaceholder: 'Bitte auswählen',
  /** The searchable pickers of debitor, article and creditor (RecordCombobox). */
  comboboxShowAll: 'Alle Einträge anzeigen',
  comboboxSearchHint: 'Nummer, Name oder Ort eingeben',
  /** Text left in a picker that names no single record: it stays, nothing is chosen, this says why. */
  comboboxNoMatch: 'Kein Eintrag passt zu dieser Eingabe. Bitte Nummer oder Namen prüfen.',
  comboboxSeveralMatches: (count: number) =>
    `${count.toLocaleString('de-DE')} Einträge passen zu dieser Eingabe. Bitte einen aus der Liste wählen.`,
  datePlaceholder: 'TT.MM.JJJJ',
  monthPlaceholder: 'MM.JJJJ',
  pagination: 'Seitennavigation',
  previousPage: 'Zurück',
  nextPage: 'Weiter',
  page: (n: number) => `Seite ${n}`,
  row: (n: number) => `Zeile ${n}`,
  /** Several rows, e.g. 'Zeilen 12–61' (ranges from message-groups.ts). */
  rows: (ranges: string) => `Zeilen ${ranges}`,
  yes: 'ja',
  no: 'nein',
  close: 'Schließen',
  /** The in-page dialogs of spec section 8's confirmations and alerts (MessageDialog). */
  confirmTitle: 'Bitte bestätigen',
  alertTitle: 'Hinweis',
  confirm: 'OK',
  cancel: 'Abbrechen',
  mainMenu: 'Hauptmenü',
  /** The phone header's button that shows and hides the main menu. */
  menuButton: 'Menü',
  skipToContent: 'Zum Inhalt springen',
  contacts: 'Ihre Ansprechpartner',
  email: 'E-Mail',
  phone: 'Telefon',
  notFoundHeading: 'Seite nicht gefunden',
  notFoundText:
    'Die aufgerufene Seite gibt es nicht. Bitte prüfen Sie die Adresse oder wählen Sie einen Eintrag aus dem Menü.',
  toHome: 'Zur Startseite',
  errorHeading: 'Es ist ein unerwarteter Fehler aufgetreten',
  errorText: 'Die Seite konnte nicht angezeigt werden. Bitte laden Sie die Seite neu.',
  reload: 'Seite neu laden',
  /** A value that is not there, e.g. the last booking of a creditor without bookings. */
  noValue: '–',
  /** Every back link of a detail screen to its list reads the same. */
  backToOverview: 'Zurück zur Übersicht',
} as const;

/** Column headers of the bookings CSV export, in file order (decisions.md section 6). */
export const BOOKING_EXPORT_COLUMNS = {
  invoiceDate: 'Rechnungsdatum',
  invoiceNumber: 'Rechnungsnummer',
  debitorNumber: 'Debitornummer',
  debitorName: 'Debitorname',
  deliveryLocation: 'Lieferort',
  articleNumber: 'Artikelnummer',
  articleName: 'Artikelname',
  net: 'Nettobetrag',
  additionalInformation: 'Zusatzinformation',
  creditorNumber: 'Kreditornummer',
  creditorName: 'Kreditorname',
  creationDate: 'Erstellt am',
  creationUserEmailAddress: 'Erstellt von',
  exportDate: 'Exportiert am',
} as const;

/** Headings, links and buttons of the master-data screens (spec section 2). */
export const MASTER_DATA_SCREEN_LABELS = {
  /** The search above each master-data list, and how many records it shows. */
  listSearch: 'Liste durchsuchen',
  listSearchPlaceholder: 'Suchen …',
  listShownCount: (shown: number, total: number) =>
    `${shown.toLocaleString('de-DE')} von ${total.toLocaleString('de-DE')} Einträgen`,
  articleList: 'Verfügbare Artikel',
  creditorList: 'Verfügbare Kreditoren',
  debitorList: 'Verfügbare Debitoren',
  userList: 'Verfügbare Benutzer',
  addArticle: 'Artikel hinzufügen',
  addCreditor: 'Kreditor hinzufügen',
  addDebitor: 'Debitor hinzufügen',
  addUser: 'Benutzer hinzufügen',
  editArticle: 'Artikel bearbeiten',
  editCreditor: 'Kreditor bearbeiten',
  editDebitor: 'Debitor bearbeiten',
  editUser: 'Benutzer bearbeiten',
  newArticle: 'Artikel anlegen',
  newCreditor: 'Kreditor anlegen',
  newDebitor: 'Debitor anlegen',
  newUser: 'Benutzer anlegen',
  save: 'Speichern',
  delete: 'Löschen',
  /** The reserved empty-report records (article 999, debitor 999999). */
  systemRecord: 'Systemdatensatz',
  systemRecordHint:
    'Systemdatensatz für Leermeldungen: Er ist immer aktiv, kann nicht gelöscht werden, und Name und Anschrift bleiben unverändert.',
  exportMasterData: 'Stammdaten herunterladen (Excel)',
  exportArticles: 'Artikelliste herunterladen (CSV)',
  exportDebitors: 'Debitorenliste herunterladen (Excel)',
  exportDebitorsHint: 'Die aktuelle Liste der Debitoren (Kunden) mit Nummer und Anschrift als Excel-Datei:',
  exporting: 'Die Datei wird erstellt …',
  urgencyMail: 'Dringlichkeits-E-Mail',
  urgencyMailAction: 'E-Mail verfassen',
  urgencyMailFor: (creditor: string) => `Dringlichkeits-E-Mail an ${creditor} verfassen`,
  creditorSelect: 'Lieferant/Kreditor auswählen',
  passwordKeepHint: 'Leer lassen, um das bisherige Passwort zu behalten.',
  passwordInvitedHint: 'Kann leer bleiben: der Benutzer legt sein Passwort über den Link der Einladung fest.',
  resendInvitation: 'Einladung erneut senden',
  sendInvitationHint: (days: number) =>
    `Der Benutzer erhält eine E-Mail mit einem Link, über den er innerhalb von ${days} Tagen sein Passwort festlegt.`,
  passwordNewHint: (minLength: number) =>
    `Mindestens ${minLength} Zeichen, kein häufig verwendetes Passwort.`,
  currentPasswordHint: 'Erforderlich, wenn Sie Ihr eigenes Passwort oder Ihre E-Mail-Adresse ändern.',
  creditorHint: 'Für Lieferanten erforderlich; Administratoren haben keinen Kreditor.',
  passwordMask: '••••••••',
  passwordHidden: 'verborgen',
  adminOnlyHint: 'Nur Administratoren können Stammdaten ändern oder löschen.',
} as const;

/** The input screen (Dateneingabe): tabs, buttons and placeholders of manual entry and empty report. */
export const INPUT_LABELS = {
  heading: 'Dateneingabe',
  tabs: 'Art der Dateneingabe',
  manual: 'Manuell',
  upload: 'Datei hochladen',
  emptyReport: 'Leermeldung',
  manualIntro: 'Erfassen Sie hier eine einzelne Buchung einer bereits abgerechneten Bestellung.',
  emptyReportIntro:
    'Wurde in einem Monat nichts abgerechnet, melden Sie hier eine Leermeldung für diesen Monat.',
  checkAndSave: 'Prüfen und speichern',
  /** Manual entry: after a save, the next line of the same invoice starts with these values. */
  keepInvoice:
    'Nach dem Speichern Rechnungsdatum, Nummer, Kunde und Lieferort für die nächste Position behalten',
  ignoreWarningsAndSave: 'Warnungen ignorieren und Datensatz speichern',
  save: 'Speichern',
  invoiceNumberPlaceholder: '#1000',
  netPlaceholder: '0,00',
  netHint: 'Gutschriften mit Minuszeichen',
  requiredNote: 'Pflichtfelder sind mit * markiert.',
} as const;

/** The bookings list (Buchungen): toolbar, filter panel, column headers and totals. */
export const BOOKING_LIST_LABELS = {
  heading: 'Buchungen',
  search: 'Suche',
  searchPlaceholder: 'Suchen …',
  /** Under the search box: what the search looks in (bookings.search.ts, decision 0083). */
  searchHint:
    'Sucht in Rechnungsnummer, Lieferort, Zusatzinformation, Debitor, Artikel und Kreditor – auch nach Betrag (624,00) oder Rechnungsdatum (27.11.2026).',
  filter: 'Filter',
  actions: 'Aktionen',
  selectAll: 'Alle auswählen',
  selectNone: 'Keine auswählen',
  delete: 'Löschen',
  export: 'Exportieren',
  exportCsv: 'Exportieren (CSV)',
  exportXlsx: 'Exportieren (Excel)',
  status: 'Status',
  exported: 'exportiert',
  notExported: 'nicht exportiert',
  invoiceDateFrom: 'Rechnungsdatum von',
  invoiceDateUntil: 'Rechnungsdatum bis',
  article: 'Artikel',
  debitor: 'Kunde/Debitor',
  creditor: 'Kreditor',
  all: 'Alle',
  resetFilter: 'Filter zurücksetzen',
  exportBatch: 'Export',
  exportBatchValue: (id: number) => `Nr. ${id}`,
  removeExportBatch: 'Filter nach Export entfernen',
  selectRow: (invoiceNumber: string) => `Buchung ${invoiceNumber} auswählen`,
  selectPage: 'Alle Buchungen dieser Seite auswählen',
  count: (n: number) => (n === 1 ? '1 Buchung' : `${n.toLocaleString('de-DE')} Buchungen`),
  /** The selection belongs to the page shown (useSelection): another page starts with none. */
  selectedCount: (n: number) => `${n} auf dieser Seite ausgewählt`,
  netSum: 'Summe Nettobetrag',
  empty: 'Keine Buchungen gefunden.',
  columns: {
    invoiceDate: 'Rechnungsdatum',
    invoiceNumber: 'Rechnungsnr.',
    debitorNumber: 'Kundennr.',
    debitorName: 'Kunde',
    location: 'Lieferort',
    articleName: 'Artikel',
    net: 'Nettobetrag',
    creditorNumber: 'Kreditornr.',
    creditorName: 'Kreditor',
    exported: 'Exportiert',
    creationDate: 'Erstellt am',
    creationEmailAddress: 'Erstellt von',
  },
  sortBy: 'Sortieren nach',
  sortDirection: 'Sortierrichtung',
  ascending: 'aufsteigend',
  descending: 'absteigend',
} as const;

/** The booking edit screen (Buchungsdatensatz bearbeiten). */
export const BOOKING_EDIT_LABELS = {
  heading: 'Buchungsdatensatz bearbeiten',
  reload: 'Buchung neu laden',
  notFound: 'Die Buchung wurde nicht gefunden.',
  /** The confirming button of BOOKING_UI_MESSAGES.saveExportedConfirm. */
  saveAnyway: 'Trotzdem speichern',
} as const;

/** The upload tab (Datei hochladen): file chooser, buttons, progress, help and the result report. */
export const UPLOAD_LABELS = {
  intro:
    'Laden Sie hier eine CSV- oder Excel-Datei mit mehreren Buchungen hoch. Die Datei wird zuerst geprüft; gespeichert wird nur eine fehlerfreie Datei, und zwar vollständig.',
  fileChooser: 'Datei auswählen',
  dropZone: 'Datei hierher ziehen oder hier klicken, um sie auszuwählen',
  /** The zone on a phone or tablet, where nothing can be dragged onto it. */
  dropZoneTouch: 'Datei auswählen',
  dropZoneActive: 'Datei hier ablegen',
  // A non-breaking space keeps "20 MB" on one line.
  dropZoneHint: (maxMegabytes: number) => `CSV (.csv) oder Excel (.xlsx), höchstens ${maxMegabytes}\u00a0MB`,
  chosenFile: 'Ausgewählte Datei:',
  upload: 'Datei hochladen und prüfen',
  uploadAgain: 'Datei hochladen und erneut prüfen',
  ignoreWarningsAndUpload: 'Warnungen ignorieren und Datei hochladen',
  sending: 'Datei wird übertragen …',
  checking: 'Die Datei wird geprüft …',
  failed: 'Die Datei konnte nicht hochgeladen werden.',
  downloadReport: 'Fehler und Warnungen als CSV herunterladen',
  templatesIntro:
    'Am einfachsten tragen Sie Ihre Buchungen in eine Vorlage ein und ersetzen deren Beispielzeile durch Ihre Buchungen:',
  templateCsv: 'Vorlage (CSV) herunterladen',
  templateXlsx: 'Vorlage (Excel) herunterladen',
  helpHeading: 'Aufbau der Datei',
  columnsHeading: 'Spalten',
  required: 'Pflicht',
  optional: 'optional',
  example: 'Beispiel:',
  reportColumns: { rowNumber: 'Zeilen', count: 'Anzahl', property: 'Feld', message: 'Meldung', kind: 'Art' },
  reportError: 'Fehler',
  reportWarning: 'Warnung',
} as const;

/** The upload tab's list of recent uploads (Ihre letzten Uploads) and its undo. */
export const UPLOAD_BATCH_LABELS = {
  heading: 'Ihre letzten Uploads',
  /** With "Nur meine Uploads" off: a supplier's creditor's, an admin's of every creditor. */
  headingAll: 'Letzte Uploads',
  mineOnly: 'Nur meine Uploads',
  // Also after the last one was undone: not "noch keine".
  empty: 'Zurzeit sind keine Uploads von Ihnen gespeichert.',
  emptyAll: 'Zurzeit sind keine Uploads gespeichert.',
  createdBy: 'Hochgeladen von',
  createdAt: 'Datum',
  fileName: 'Dateiname',
  count: 'Anzahl',
  netSum: 'Nettosumme',
  /** Admins upload for any creditor, so their list names the one each upload went to. */
  creditor: 'Kreditor',
  severalCreditors: 'Mehrere Kreditoren',
  actions: 'Aktionen',
  undo: 'Rückgängig machen',
  undoNamed: (fileName: string) => `Upload ${fileName} rückgängig machen`,
  /** In place of the undo, which the server refuses once a booking is exported. */
  exported: 'Exportiert',
  exportedHint:
    'Mindestens eine Buchung wurde bereits exportiert; der Upload kann nicht mehr rückgängig gemacht werden.',
  unnamedFile: 'Unbenannte Datei',
  confirmHeading: 'Upload rückgängig machen?',
  confirm: 'Ja, rückgängig machen',
  cancel: 'Abbrechen',
} as const;

/** The export batches screen (Exporte, admins). */
export const EXPORT_BATCH_LABELS = {
  heading: 'Exporte',
  intro:
    'Jeder Export der Buchungen wird hier mit seiner Datei festgehalten und kann erneut heruntergeladen werden.',
  empty: 'Es wurden noch keine Buchungen exportiert.',
  /** The batch's number, as the bookings list's filter names it ('Nr. 25'). */
  number: 'Nr.',
  createdAt: 'Datum',
  createdBy: 'Benutzer',
  count: 'Anzahl',
  netSum: 'Nettosumme',
  fileName: 'Dateiname',
  /** Beside the file name, which is the spec's for every batch: which export the file is. */
  fileOfBatch: (id: number, day: string) => `Export Nr. ${id} vom ${day}`,
  actions: 'Aktionen',
  download: 'Erneut herunterladen',
  /** The accessible name begins with the visible text (WCAG 2.5.3 Label in Name), then names the batch. */
  downloadNamed: (id: number) => `Erneut herunterladen: Export ${id}`,
  showBookings: 'Buchungen anzeigen',
  showBookingsNamed: (id: number) => `Buchungen anzeigen: Export ${id}`,
} as const;

/** The API documentation (GET /api/docs, GET /api/openapi.json; decisions.md section 12). */
export const API_DOCS_LABELS = {
  title: 'Lieferantenportal – API',
  description:
    'Schnittstelle des Lieferantenportals. Ein Zugriffstoken gibt POST /api/getsecuretoken ' +
    '(Formular: grant_type=password, username, password); es wird als „Authorization: Bearer …“ mitgesendet. ' +
    'Jede Ablehnung trägt einen festen Code („code“) und deutsche Meldungen („errors“).',
  license: 'Proprietär',
  thisServer: 'Dieser Server',
  uploadFile: 'Die Datei (CSV oder xlsx)',
} as const;

/** The history of a record on its edit page (Änderungsverlauf; decisions.md section 11). */
export const AUDIT_LABELS = {
  heading: 'Änderungsverlauf',
  at: 'Zeitpunkt',
  user: 'Benutzer',
  action: 'Aktion',
  changes: 'Änderungen',
  actions: { create: 'Angelegt', update: 'Geändert', delete: 'Gelöscht', export: 'Exportiert' },
  /** A password's change: its value never appears. */
  changed: 'geändert',
  /** An empty old or new value. */
  empty: 'leer',
  noChanges: 'keine Feldänderungen',
  none: 'Noch keine Einträge.',
  loadFailed: 'Der Änderungsverlauf konnte nicht geladen werden.',
} as const;

/** The reporting status screen (Meldestatus, decisions.md section 10). */
export const REPORTING_STATUS_LABELS = {
  heading: 'Meldestatus',
  adminIntro:
    'Je Kreditor und Monat des Rechnungsdatums: gemeldet (mindestens eine Buchung), Leermeldung oder fehlend. Der laufende Monat fehlt erst, wenn er vorbei ist.',
  supplierIntro:
    'Ihre Meldungen je Monat des Rechnungsdatums. Für einen Monat ohne Bestellungen geben Sie eine Leermeldung ab.',
  /** `open`: the running month without a report (shownState), which nobody is late for yet. */
  states: { reported: 'gemeldet', empty: 'Leermeldung', missing: 'fehlt', open: 'läuft noch' },
  /** Shown beside the state's word, so the state never rests on colour alone. */
  stateSymbols: { reported: '✓', empty: '○', missing: '✗', open: '…' },
  range: 'Zeitraum',
  from: 'von',
  until: 'bis',
  lastMonths: (n: number) => `Letzte ${n} Monate`,
  onlyMissing: 'nur mit fehlenden Meldungen',
  search: 'Suche nach Nummer oder Name',
  includeInactive: 'inaktive Kreditoren anzeigen',
  matrix: 'Meldestatus je Kreditor und Monat',
  legend: 'Bedeutung der Zeichen',
  creditor: 'Kreditor',
  inactive: 'inaktiv',
  urgencyMail: 'Dringlichkeits-E-Mail',
  mailAllMissing: 'Dringlichkeits-E-Mail an alle mit fehlenden Meldungen',
  /** The server sends one mail per creditor (decisions.md section 13): month and deadline first. */
  sendAllLegend: 'Dringlichkeits-E-Mail an alle Kreditoren mit fehlender Meldung',
  sendAllMonth: 'Fehlender Monat',
  sendAllDeadline: 'Frist',
  sendAllDeadlineHint: 'Bis zu diesem Tag sollen die Kreditoren melden; die E-Mail nennt ihn.',
  sendAllSummary: (count: number, month: string) =>
    count === 0
      ? `Für ${month} fehlt bei keinem aktiven Kreditor eine Meldung.`
      : count === 1
        ? `1 aktiver Kreditor hat für ${month} nicht gemeldet. Er erhält eine E-Mail an seine aktiven Benutzer mit der Frist und seinen fehlenden Monaten.`
        : `${count} aktive Kreditoren haben für ${month} nicht gemeldet. Jeder erhält eine eigene E-Mail an seine aktiven Benutzer mit der Frist und seinen fehlenden Monaten.`,
  sendAllSubmit: 'E-Mails senden',
  sendAllSending: 'Wird in den Postausgang gestellt …',
  sendAllCancel: 'Abbrechen',
  toOutbox: 'Zum Postausgang',
  /** A reminder of the plan went out for the cell's month (the cell shows the symbol). */
  reminderSymbol: '✉',
  reminderLegend: 'Erinnerung verschickt',
  /** `at`: when it went out, as dd.MM.yyyy HH:mm. */
  remindersSent: (items: readonly { workingDay: number; at: string }[]) =>
    `Erinnert: ${items.map((i) => `${i.workingDay}. Arbeitstag, ${i.at}`).join('; ')}`,
  shownCount: (shown: number, total: number) => `${shown} von ${total} Kreditoren`,
  bookingCount: (count: number) => (count === 1 ? '1 Buchung' : `${count} Buchungen`),
  /** Read before a cell's visible text (state, count · net sum), so its link names what it opens. */
  cellContext: (creditor: string, month: string) => `${creditor}, ${month}:`,
  exportXlsx: 'Meldestatus herunterladen (Excel)',
  exportSheetStates: 'Meldestatus',
  exportSheetCounts: 'Anzahl Buchungen',
  exportSheetNet: 'Nettosummen',
  chartHeading: 'Meldungen je Monat',
  /** While the search narrows the creditors, the chart counts only those it found. */
  chartHeadingSearched: (found: number) =>
    found === 1
      ? 'Meldungen je Monat: der gefundene Kreditor'
      : `Meldungen je Monat: ${found} gefundene Kreditoren`,
  chartNet: 'Nettosumme',
  chartCreditors: 'Kreditoren',
  /** The chart's axis titles: months below, creditors (chartCreditors) left, the net sum right. */
  chartMonthAxis: 'Monat des Rechnungsdatums',
  chartNetAxis: 'Nettosumme (€)',
  chartSummary: (
    month: string,
    { reported, empty, missing, open }: Record<'reported' | 'empty' | 'missing' | 'open', number>,
    net: string,
  ) =>
    `${month}: ${reported} gemeldet, ${empty} Leermeldung, ${missing} fehlend` +
    (open > 0 ? `, ${open} ohne Meldung (Monat läuft noch)` : '') +
    `, Nettosumme ${net}.`,
  chartTable: 'Werte des Diagramms als Tabelle',
  month: 'Monat',
  yourMonths: 'Ihre Monate',
  emptyReportAction: 'Leermeldung abgeben',
  emptyReportActionFor: (month: string) => `Leermeldung abgeben (${month})`,
  showBookings: 'Buchungen anzeigen',
  showBookingsFor: (month: string) => `Buchungen anzeigen (${month})`,
} as const;

/** Repair in place (issue 55): the file's rows in an editable table after an upload with errors. */
export const REPAIR_LABELS = {
  heading: 'Fehler direkt hier korrigieren',
  intro:
    'Die Zeilen Ihrer Datei stehen unten in der Tabelle; fehlerhafte Zellen sind rot markiert, die Meldung steht am Ende der Zeile. Korrigieren Sie die Zellen, prüfen Sie erneut und importieren Sie dann die korrigierten Zeilen – die Datei selbst müssen Sie nicht mehr ändern.',
  keyboardHint:
    'Pfeiltasten bewegen, Eingabetaste oder F2 bearbeitet, Eingabetaste übernimmt, Escape verwirft.',
  loading: 'Die Zeilen der Datei werden geladen …',
  unavailable: 'Die Zeilen dieser Datei können hier nicht angezeigt werden. Bitte korrigieren Sie die Datei.',
  grid: 'Zeilen der Datei',
  rowNumber: 'Zeile',
  messages: 'Meldungen',
  onlyFaulty: 'Nur Zeilen mit Meldungen anzeigen',
  shownRows: (shown: number, total: number) =>
    `${shown.toLocaleString('de-DE')} von ${total.toLocaleString('de-DE')} Zeilen`,
  groupsHeading: 'Meldungen zusammengefasst',
  showRow: (rowNumber: number) => `Zu Zeile ${rowNumber} springen`,
  moreGroups: (count: number) =>
    `… und ${count.toLocaleString('de-DE')} weitere Meldungen (alle stehen in der Tabelle).`,
  edited: 'geändert',
  editCell: (header: string, rowNumber: number) => `${header}, Zeile ${rowNumber} bearbeiten`,
  applyToAllQuestion: (value: string, count: number, header: string) =>
    `„${value}“ steht in ${count === 1 ? 'einer weiteren Zeile' : `${count.toLocaleString('de-DE')} weiteren Zeilen`} der Spalte ${header}.`,
  applyToAll: (value: string) => `Überall durch „${value}“ ersetzen`,
  applyToAllDone: (count: number) =>
    count === 1 ? '1 weitere Zeile geändert.' : `${count.toLocaleString('de-DE')} weitere Zeilen geändert.`,
  dismiss: 'Nein, nur diese Zelle',
  check: 'Erneut prüfen',
  checking: 'Die Zeilen werden geprüft …',
  checkedClean: 'Keine Fehler gefunden. Sie können die Zeilen jetzt importieren.',
  sendFailed: 'Die Zeilen konnten nicht geprüft werden.',
  import: 'Korrigierte Zeilen importieren',
  importIgnoringWarnings: 'Warnungen ignorieren und Zeilen importieren',
  discard: 'Korrektur verwerfen',
  emptyValue: '(leer)',
  mappingHeading: 'Spalten zuordnen',
  mappingIntro:
    'Nicht alle Überschriften Ihrer Datei sind bekannt. Wählen Sie für jede Spalte Ihrer Datei, was sie enthält. Die Zuordnung wird für Ihre nächste Datei mit denselben Überschriften gemerkt.',
  mappingFileColumn: 'Spalte in Ihrer Datei',
  mappingExample: 'Erster Wert',
  mappingTarget: 'Enthält',
  mappingIgnore: '– nicht importieren –',
  mappingMissing: (headers: string) => `Noch nicht zugeordnet: ${headers}`,
  mappingTwice: (header: string) => `„${header}“ ist mehreren Spalten zugeordnet.`,
  mappingApply: 'Zuordnung übernehmen',
  mappingRemembered: 'Ihre Spaltenzuordnung vom letzten Mal wurde übernommen.',
  mappingChange: 'Zuordnung ändern',
} as const;
