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
  isAdmin: 'Administrator',
  isActive: 'Aktiv',
  creditorNumber: 'Lieferant/Kreditor',
} as const;

export const LOGIN_LABELS = {
  heading: 'Login',
  username: 'Benutzername',
  password: 'Passwort',
  submit: 'Anmelden',
} as const;

export const NAV_LABELS = {
  input: 'Dateneingabe',
  inputTooltip: 'Erfassung einzelner Datensätze',
  transactions: 'Buchungen',
  transactionsTooltip: 'Buchungen anzeigen und bearbeiten',
  management: 'Stammdaten',
  managementTooltip: 'Verwaltung der Stammdaten',
  logout: 'Abmelden',
  loggingOut: 'Abmelden...',
  emptyList: 'Keine Einträge gefunden',
  loading: 'Wird geladen …',
  home: 'Lieferantenportal',
} as const;
