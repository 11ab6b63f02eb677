// What the OpenAPI document says of each operation beyond its schemas: the tag it is grouped under on
// the docs page, a German summary, and the refusals it can answer besides the ones every route has
// (openapi.ts adds those). One table for all routes so that a route without documentation is one
// missing line here, which openapi.api.test.ts names.

/** The docs page's groups, in the order it shows them. */
export const API_TAGS = {
  Anmeldung: 'Token holen und abmelden',
  Buchungen: 'Buchungen und Leermeldungen: Liste, Erfassung, Bearbeitung, Löschen, Export',
  Upload: 'Datei-Upload von Buchungen und Rückgängigmachen eines Uploads',
  Meldestatus: 'Wer hat für welchen Monat gemeldet',
  Exporte: 'Gelieferte Exporte von Buchungen, erneut abrufbar',
  Artikel: 'Stammdaten: Artikel',
  Kreditoren: 'Stammdaten: Kreditoren (Lieferanten)',
  Debitoren: 'Stammdaten: Debitoren (öffentliche Auftraggeber)',
  Benutzer: 'Benutzer und ihre Rechte',
  Stammdaten: 'Export aller Stammdaten',
  Änderungsverlauf: 'Prüfpfad jeder Änderung (GoBD)',
  'E-Mail': 'Postausgang, Dringlichkeits-E-Mails und Erinnerungsplan',
  System: 'Betrieb: Erreichbarkeit und dieses Dokument',
} as const;

export type ApiTag = keyof typeof API_TAGS;

export interface OperationDoc {
  tag: ApiTag;
  summary: string;
  /** Statuses of refusals this operation can answer beyond the defaults of openapi.ts. */
  refusals?: readonly number[];
  /** The body is multipart/form-data with files under `uploads[]` (read by the route itself). */
  multipartFiles?: boolean;
}

/** 409 RECORD_BUSY: a write that waits for bookings another request is changing (retry-while-locked). */
const BUSY = 409;

const masterData = (
  tag: ApiTag,
  path: string,
  plural: string,
  singular: string,
): Record<string, OperationDoc> => ({
  [`GET /api/${path}`]: { tag, summary: `${plural} auflisten` },
  [`GET /api/${path}/:number`]: { tag, summary: `${singular} lesen (mit Version als ETag)` },
  [`POST /api/${path}`]: { tag, summary: `${singular} anlegen` },
  [`PUT /api/${path}/:number`]: { tag, summary: `${singular} ändern`, refusals: [412] },
  [`DELETE /api/${path}/:number`]: { tag, summary: `${singular} löschen`, refusals: [409, 412] },
});

export const OPERATION_DOCS: Readonly<Record<string, OperationDoc>> = {
  'GET /api/health': { tag: 'System', summary: 'Erreichbarkeit des Servers und der Datenbank' },
  'GET /api/openapi.json': { tag: 'System', summary: 'Dieses Dokument (OpenAPI 3.1)' },

  'POST /api/getsecuretoken': {
    tag: 'Anmeldung',
    summary:
      'Token mit E-Mail-Adresse und Passwort holen (OAuth 2.0 Password Grant; mit zweitem Faktor zusätzlich otp)',
    refusals: [429],
  },
  'POST /api/logout': { tag: 'Anmeldung', summary: 'Abmelden: das Token verliert sofort seine Gültigkeit' },

  'GET /api/transactions': { tag: 'Buchungen', summary: 'Eine Seite Buchungen (Filter, Sortierung, Summe)' },
  'GET /api/transactions/:id': { tag: 'Buchungen', summary: 'Eine Buchung lesen' },
  'POST /api/transactions': {
    tag: 'Buchungen',
    summary: 'Buchung oder Leermeldung speichern (mit Dublettenprüfung)',
    refusals: [BUSY],
  },
  'PUT /api/transactions/:id': {
    tag: 'Buchungen',
    summary: 'Buchung ändern (mit der geladenen Version)',
    refusals: [409],
  },
  'POST /api/transactions/delete': { tag: 'Buchungen', summary: 'Buchungen löschen', refusals: [BUSY] },
  'GET /api/transactions/export': {
    tag: 'Buchungen',
    summary: 'Gefilterte Buchungen exportieren und als exportiert markieren',
  },
  'GET /api/transactions/export-selected': {
    tag: 'Buchungen',
    summary: 'Ausgewählte Buchungen exportieren und als exportiert markieren',
  },

  'POST /api/upload': {
    tag: 'Upload',
    summary: 'Buchungen aus einer Datei (CSV, xlsx, ods) prüfen und importieren, alle oder keine',
    refusals: [BUSY, 408, 413, 415, 429],
    multipartFiles: true,
  },
  'POST /api/upload/rows': {
    tag: 'Upload',
    summary: 'Korrigierte Zeilen einer Datei als JSON prüfen und importieren, alle oder keine',
    refusals: [BUSY, 413, 415, 429],
  },
  'POST /api/upload/sheet': {
    tag: 'Upload',
    summary: 'Die Zeilen einer Datei als Text lesen (Korrektur im Browser), ohne zu speichern',
    refusals: [408, 413, 415, 429],
    multipartFiles: true,
  },
  'PUT /api/upload/column-mapping': {
    tag: 'Upload',
    summary: 'Spaltenzuordnung für Dateien mit diesen Überschriften merken',
  },
  'GET /api/upload/template': { tag: 'Upload', summary: 'Vorlage für den Upload (CSV oder xlsx)' },
  'GET /api/uploads': { tag: 'Upload', summary: 'Uploads auflisten, neueste zuerst' },
  'DELETE /api/uploads/:id': {
    tag: 'Upload',
    summary: 'Upload rückgängig machen: alle seine Buchungen löschen, wenn keine exportiert ist',
    refusals: [409],
  },

  'GET /api/reporting-status': { tag: 'Meldestatus', summary: 'Meldestatus der Kreditoren nach Monaten' },
  'GET /api/reporting-status/export': { tag: 'Meldestatus', summary: 'Meldestatus als Excel-Datei' },

  'GET /api/exports': { tag: 'Exporte', summary: 'Exporte auflisten, neueste zuerst' },
  'GET /api/exports/:id/file': { tag: 'Exporte', summary: 'Die gelieferte Datei eines Exports, byte-gleich' },

  ...masterData('Artikel', 'articles', 'Artikel', 'Artikel'),
  'GET /api/articles/export': { tag: 'Artikel', summary: 'Artikelliste als CSV' },
  ...masterData('Kreditoren', 'creditors', 'Kreditoren', 'Kreditor'),
  'GET /api/creditors/:number/email-addresses': {
    tag: 'Kreditoren',
    summary: 'E-Mail-Adressen der aktiven Benutzer eines Kreditors',
  },
  ...masterData('Debitoren', 'debitors', 'Debitoren', 'Debitor'),
  'GET /api/debitors/export': { tag: 'Debitoren', summary: 'Debitorenliste als Excel-Datei' },

  'GET /api/users': { tag: 'Benutzer', summary: 'Benutzer auflisten' },
  'GET /api/users/single': { tag: 'Benutzer', summary: 'Einen Benutzer über seine E-Mail-Adresse lesen' },
  'GET /api/users/:id': { tag: 'Benutzer', summary: 'Einen Benutzer lesen (mit Version als ETag)' },
  'POST /api/users': { tag: 'Benutzer', summary: 'Benutzer anlegen' },
  'PUT /api/users/:id': { tag: 'Benutzer', summary: 'Benutzer ändern', refusals: [412] },
  'DELETE /api/users/:id': { tag: 'Benutzer', summary: 'Benutzer löschen', refusals: [409, 412] },

  'GET /api/management/export': {
    tag: 'Stammdaten',
    summary: 'Alle Stammdaten als Excel-Datei (Artikel, Kreditoren, Debitoren, Benutzer)',
  },
  'GET /api/audit': {
    tag: 'Änderungsverlauf',
    summary: 'Änderungsverlauf eines Datensatzes, neueste zuerst',
  },

  'POST /api/password-reset': {
    tag: 'Anmeldung',
    summary: 'Passwort vergessen: Link per E-Mail anfordern (immer 202)',
    refusals: [429],
  },
  'POST /api/password-reset/confirm': {
    tag: 'Anmeldung',
    summary: 'Neues Passwort mit dem Link aus der E-Mail festlegen (auch Einladungen)',
  },
  'POST /api/users/:id/invitation': {
    tag: 'Benutzer',
    summary: 'Einladung (Link zum Festlegen des Passworts) erneut senden',
    refusals: [409],
  },
  'GET /api/profile': { tag: 'Benutzer', summary: 'Mein Profil' },
  'GET /api/users/me/mfa': { tag: 'Anmeldung', summary: 'Zweiter Faktor: Stand des eigenen Kontos' },
  'POST /api/users/me/mfa': {
    tag: 'Anmeldung',
    summary: 'Zweiten Faktor einrichten: Schlüssel, otpauth-Adresse und QR-Code',
    refusals: [409],
  },
  'POST /api/users/me/mfa/confirm': {
    tag: 'Anmeldung',
    summary: 'Zweiten Faktor mit dem ersten Code bestätigen; liefert die Wiederherstellungscodes',
    refusals: [409, 429],
  },
  'DELETE /api/users/me/mfa': {
    tag: 'Anmeldung',
    summary: 'Eigenen zweiten Faktor mit Passwort und Code entfernen',
    refusals: [409, 429],
  },
  'DELETE /api/users/:id/mfa': {
    tag: 'Benutzer',
    summary: 'Zweiten Faktor eines Benutzers zurücksetzen (Administratoren, protokolliert)',
  },
  'PUT /api/profile/mail-settings': {
    tag: 'Benutzer',
    summary: 'Eingangsbestätigungen ein- oder ausschalten',
  },
  'GET /api/mail/outbox': { tag: 'E-Mail', summary: 'Postausgang: alle E-Mails des Portals, neueste zuerst' },
  'GET /api/mail/outbox/:id': { tag: 'E-Mail', summary: 'Eine E-Mail des Postausgangs mit ihrem Text' },
  'POST /api/creditors/:number/urgency-mail': {
    tag: 'E-Mail',
    summary: 'Dringlichkeits-E-Mail an die aktiven Benutzer eines Kreditors senden',
    refusals: [409],
  },
  'POST /api/reporting-status/urgency-mail': {
    tag: 'E-Mail',
    summary: 'Dringlichkeits-E-Mail an jeden Kreditor, dessen Monat fehlt (je eine E-Mail)',
  },
  'GET /api/reminders/plan': { tag: 'E-Mail', summary: 'Erinnerungsplan lesen' },
  'PUT /api/reminders/plan': { tag: 'E-Mail', summary: 'Erinnerungsplan speichern' },
  'GET /api/reminders/preview': { tag: 'E-Mail', summary: 'Wer an einem Tag welche Erinnerung bekäme' },
  'POST /api/reminders/run': { tag: 'E-Mail', summary: 'Erinnerungsplan für einen Tag jetzt ausführen' },
  'GET /api/reminders/sent': { tag: 'E-Mail', summary: 'Versandte Erinnerungen je Kreditor und Monat' },
};
