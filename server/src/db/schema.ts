// The one database schema. Bookings reference master data by business number (the numbers the
// wire contract carries), with foreign keys that forbid deleting referenced records. Text column
// lengths are the domain's limits, so a value the validation accepts always fits.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import {
  CITY_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  FILE_NAME_MAX_LENGTH,
  INVOICE_NUMBER_MAX_LENGTH,
  NAME_MAX_LENGTH,
  STREET_MAX_LENGTH,
  TEXT_MAX_LENGTH,
  ZIP_CODE_MAX_LENGTH,
} from '@lp/domain/limits';
import { AUDIT_ACTIONS, AUDIT_ENTITIES, type AuditChange } from '@lp/domain/audit';
import { MAIL_KINDS, MAIL_STATES } from '@lp/domain/mail';
import { EMPTY_REPORT_ARTICLE_NUMBER, EMPTY_REPORT_DEBITOR_NUMBER } from '@lp/domain/reserved-records';

export const articles = pgTable(
  'articles',
  {
    id: serial('id').primaryKey(),
    number: integer('number').notNull().unique(),
    name: varchar('name', { length: NAME_MAX_LENGTH }).notNull(),
    /** The name as ILIKE compares it (bookings.search.ts): lowercased once on write, not per search. */
    nameLower: text('name_lower').generatedAlwaysAs(sql`lower(name)`),
    isActive: boolean('is_active').notNull().default(true),
    /** Optimistic concurrency of the edit form: incremented on every update. */
    version: integer('version').notNull().default(1),
  },
  (t) => [check('articles_number_positive', sql`${t.number} > 0`)],
);

export const creditors = pgTable(
  'creditors',
  {
    id: serial('id').primaryKey(),
    number: integer('number').notNull().unique(),
    name: varchar('name', { length: NAME_MAX_LENGTH }).notNull(),
    /** The name as ILIKE compares it (bookings.search.ts): lowercased once on write, not per search. */
    nameLower: text('name_lower').generatedAlwaysAs(sql`lower(name)`),
    isActive: boolean('is_active').notNull().default(true),
    /** Optimistic concurrency of the edit form: incremented on every update. */
    version: integer('version').notNull().default(1),
  },
  (t) => [check('creditors_number_positive', sql`${t.number} > 0`)],
);

export const debitors = pgTable(
  'debitors',
  {
    id: serial('id').primaryKey(),
    number: integer('number').notNull().unique(),
    name: varchar('name', { length: NAME_MAX_LENGTH }).notNull(),
    street: varchar('street', { length: STREET_MAX_LENGTH }).notNull(),
    zipCode: varchar('zip_code', { length: ZIP_CODE_MAX_LENGTH }).notNull(),
    city: varchar('city', { length: CITY_MAX_LENGTH }).notNull(),
    isActive: boolean('is_active').notNull().default(true),
    /** Optimistic concurrency of the edit form: incremented on every update. */
    version: integer('version').notNull().default(1),
    /** The name as ILIKE compares it (bookings.search.ts): lowercased once on write, not per search. */
    nameLower: text('name_lower').generatedAlwaysAs(sql`lower(name)`),
  },
  (t) => [check('debitors_number_positive', sql`${t.number} > 0`)],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    emailAddress: varchar('email_address', { length: EMAIL_MAX_LENGTH }).notNull(),
    passwordHash: text('password_hash').notNull(),
    isAdmin: boolean('is_admin').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    /** Optimistic concurrency of the edit form: incremented on every update. */
    version: integer('version').notNull().default(1),
    creditorNumber: integer('creditor_number').references(() => creditors.number, {
      onDelete: 'restrict',
      onUpdate: 'restrict',
    }),
    /** Bumped on password change and deactivation: tokens carrying an older version are refused. */
    tokenVersion: integer('token_version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_lower_unique').on(sql`lower(${t.emailAddress})`),
    index('users_creditor_number_idx').on(t.creditorNumber),
  ],
);

/** bytea as a Buffer (drizzle has no bytea column of its own). */
const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * Every booking export (decisions.md section 11): who, when, how many rows, their net sum, and the
 * delivered file itself, gzip-compressed, so that it can be delivered again byte for byte. Written in
 * the database transaction that marks the bookings exported (docs/decisions/0012).
 */
export const exportBatches = pgTable(
  'export_batches',
  {
    id: serial('id').primaryKey(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: varchar('created_by', { length: EMAIL_MAX_LENGTH }).notNull(),
    count: integer('count').notNull(),
    /** Wider than a booking's net: a million rows at the largest net still fit. */
    netSum: numeric('net_sum', { precision: 18, scale: 2 }).notNull(),
    fileName: varchar('file_name', { length: FILE_NAME_MAX_LENGTH }).notNull(),
    /** The delivered bytes, gzip-compressed. */
    file: bytea('file').notNull(),
  },
  (t) => [index('export_batches_created_at_idx').on(t.createdAt)],
);

/**
 * Every successful upload (decisions.md section 11). `creditorNumber` is the one creditor all its
 * bookings belong to (null when they belong to several): a supplier sees and undoes only its own
 * creditor's batches.
 */
export const uploadBatches = pgTable(
  'upload_batches',
  {
    id: serial('id').primaryKey(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: varchar('created_by', { length: EMAIL_MAX_LENGTH }).notNull(),
    creditorNumber: integer('creditor_number'),
    fileName: varchar('file_name', { length: FILE_NAME_MAX_LENGTH }).notNull(),
    count: integer('count').notNull(),
    netSum: numeric('net_sum', { precision: 18, scale: 2 }).notNull(),
  },
  (t) => [
    index('upload_batches_created_at_idx').on(t.createdAt),
    index('upload_batches_creditor_idx').on(t.creditorNumber, t.createdAt),
  ],
);

export const bookings = pgTable(
  'transactions',
  {
    id: serial('id').primaryKey(),
    invoiceDate: date('invoice_date', { mode: 'string' }).notNull(),
    invoiceNumber: varchar('invoice_number', { length: INVOICE_NUMBER_MAX_LENGTH }).notNull(),
    net: numeric('net', { precision: 12, scale: 2 }).notNull(),
    debitorNumber: integer('debitor_number')
      .notNull()
      .references(() => debitors.number, { onDelete: 'restrict', onUpdate: 'restrict' }),
    deliveryLocation: varchar('delivery_location', { length: TEXT_MAX_LENGTH }).notNull(),
    articleNumber: integer('article_number')
      .notNull()
      .references(() => articles.number, { onDelete: 'restrict', onUpdate: 'restrict' }),
    additionalInformation: varchar('additional_information', { length: TEXT_MAX_LENGTH }),
    creditorNumber: integer('creditor_number')
      .notNull()
      .references(() => creditors.number, { onDelete: 'restrict', onUpdate: 'restrict' }),
    exportDate: timestamp('export_date', { withTimezone: true }),
    creationDate: timestamp('creation_date', { withTimezone: true }).notNull().defaultNow(),
    /** Snapshot of the creator's e-mail: the booking keeps it if the user is renamed or deleted. */
    creationUserEmailAddress: varchar('creation_user_email_address', { length: EMAIL_MAX_LENGTH }).notNull(),
    /** Optimistic concurrency: incremented on every update. */
    version: integer('version').notNull().default(1),
    /** The export that marked it exported (the one that set exportDate). */
    exportBatchId: integer('export_batch_id').references((): AnyPgColumn => exportBatches.id, {
      onDelete: 'restrict',
    }),
    /** The upload that stored it; null for bookings entered by hand. */
    uploadBatchId: integer('upload_batch_id').references((): AnyPgColumn => uploadBatches.id, {
      onDelete: 'restrict',
    }),
    // Copies of the master data's names, so that the list sorts by name through an index instead of
    // joining and sorting every booking (docs/performance.md). Never written by the app: triggers
    // (migration 0011_booking_names_sync) fill them on insert and on a change of the number, and
    // update them in the transaction that renames the master record. Not traced by the audit trail.
    debitorName: varchar('debitor_name', { length: NAME_MAX_LENGTH }).notNull().default(''),
    articleName: varchar('article_name', { length: NAME_MAX_LENGTH }).notNull().default(''),
    creditorName: varchar('creditor_name', { length: NAME_MAX_LENGTH }).notNull().default(''),
    // The booking's own texts as the search compares them, LIKE against lower(term) instead of ILIKE
    // lowering every row it tests (bookings.search.ts, decision 0026); their trigram indexes and the
    // creditor's covering index: migration 0036. Never written or answered by the app.
    invoiceNumberLower: text('invoice_number_lower').generatedAlwaysAs(sql`lower(invoice_number)`),
    additionalInformationLower: text('additional_information_lower').generatedAlwaysAs(
      sql`lower(additional_information)`,
    ),
  },
  (t) => [
    // Every list order's index ends with the id, the list's tiebreak (bookings.filter.ts), so that a
    // page is read in index order without sorting groups of equal keys, and the ids of a deep page
    // come from the index alone (migration 0016, docs/performance.md). A backward scan serves the
    // descending order.
    // One creditor's list by creation date, invoice date, net and article name walks an index led by
    // the creditor (bookings.filter.ts CREDITOR_LED_SORT_KEYS), each carrying the export date so that
    // one export status is checked in the index (migration 0031; drizzle cannot declare INCLUDE):
    // - transactions_creditor_creation_idx (creditor_number, creation_date, id);
    // - transactions_creditor_invoice_date_idx (creditor_number, invoice_date, id) INCLUDE
    //   (creation_date, net, export_date): a supplier's invoice-date order and range (migration 0024);
    // - transactions_creditor_net_idx (creditor_number, net, id): the one order of nearly unique
    //   values, which no grouping by value shortens (49-101 ms at a million; 2-10 ms with it, migration
    //   0023). The creditor's other orders are still sorted out of the covering index below: an index
    //   per creditor and key for all of them doubled the time of inserts and export marking
    //   (docs/performance.md, change 21);
    // - transactions_creditor_article_name_idx (creditor_number, article_name, id): its ICU sort of all
    //   the creditor's bookings came nearest to 100 ms, and neither grouping by name nor sorting by a
    //   rank of the names was faster (docs/performance.md, change 31).
    // An invoice-date range and the invoice-date order: transactions_invoice_date_idx (invoice_date, id)
    // INCLUDE (creation_date, net, article_number, export_date), hand-written in migrations 0024 and
    // 0030, so that a range in the default order and its totals are read without the table.
    // Every creditor's list in the orders of the invoice number, the creation date, the net, the
    // debitor (number and name), the location, the creator, the article name and the creditor name:
    // transactions_<order>_idx (column, id) INCLUDE (invoice_date, article_number, export_date),
    // hand-written in migration 0030 (drizzle cannot declare INCLUDE). A page's ids are walked in
    // the index alone, with the filters on the invoice dates, the article and the export status
    // checked there rather than in the table (bookings.filter.ts INDEX_CHECKED_FIELDS).
    // One creditor's list in any other order, and the creditor-number order: the covering
    // transactions_creditor_list_idx (creditor_number, id) INCLUDE (every sort column and every column
    // the list's condition reads but the export batch), hand-written in migrations 0017 and 0035
    // (drizzle cannot declare INCLUDE): a supplier's search is tested there, not in the table.
    // exportedOnly in the default order: the newest bookings are the not yet exported ones, which a
    // walk of transactions_creation_date_idx would pass one by one before the first match.
    index('transactions_exported_creation_date_idx')
      .on(t.creationDate, t.id)
      .where(sql`${t.exportDate} is not null`),
    // The export-date order (not exported first ascending, last descending) and the count and net sum
    // of exportedOnly and notExportedOnly: transactions_export_date_idx (export_date nulls first, id)
    // INCLUDE (net, invoice_date, article_number), hand-written in migrations 0022 and 0030 (drizzle
    // cannot declare INCLUDE).
    // The article filter: transactions_article_idx (article_number, creditor_number, id) INCLUDE
    // (net), hand-written in migration 0029 (drizzle cannot declare INCLUDE). One article's bookings
    // in id order (the list by article name, which is one name on all of them), its count and net sum,
    // and a supplier's article filter (the creditor's part of the article's entries), all without the
    // table.
    index('transactions_export_batch_idx').on(t.exportBatchId),
    // A batch's bookings (its undo, its totals' triggers) and whether any of them is exported ("Ihre
    // letzten Uploads" offers the undo only while none is): one probe of the index per batch
    // (migration 0041). The export date changes nothing extra: it is in other indexes already, so
    // marking a booking exported is never a HOT update anyway.
    index('transactions_upload_batch_idx').on(t.uploadBatchId, t.exportDate),
    // One empty report per creditor and month (its invoice date is always the month's first day),
    // also when two are saved at the same moment. Trigram search indexes: migrations
    // 0001_search_trigram and 0036 (on the texts' lowercased copies).
    uniqueIndex('transactions_empty_report_unique')
      .on(t.creditorNumber, t.invoiceDate)
      .where(
        sql`${t.articleNumber} = ${sql.raw(String(EMPTY_REPORT_ARTICLE_NUMBER))} and ${t.debitorNumber} = ${sql.raw(String(EMPTY_REPORT_DEBITOR_NUMBER))}`,
      ),
  ],
);

/**
 * The bookings' count and exact net sum per creditor and calendar month of the invoice date, and its
 * empty reports: what the Meldestatus reads instead of aggregating a million bookings per request
 * (docs/performance.md "Meldestatus"). Derived values, never written by the app: statement triggers on
 * the bookings (migration 0015_booking_month_totals_sync) apply each write's difference in the same
 * transaction, so a reader sees the totals of exactly the bookings its snapshot sees.
 */
export const bookingMonthTotals = pgTable(
  'booking_month_totals',
  {
    creditorNumber: integer('creditor_number').notNull(),
    /** The first day of the month. */
    month: date('month', { mode: 'string' }).notNull(),
    /** Bookings that are not empty reports. */
    bookings: integer('bookings').notNull(),
    net: numeric('net').notNull(),
    emptyReports: integer('empty_reports').notNull(),
  },
  (t) => [primaryKey({ columns: [t.creditorNumber, t.month] })],
);

/**
 * The exported bookings' count and exact net sum per creditor, calendar month of the invoice date and
 * export batch, empty reports included: with the month totals, the totals and the groups of a list
 * restricted to one export status, without counting its bookings (bookings.list-sql.ts,
 * docs/performance.md change 40); the not exported ones are the month's bookings and empty reports
 * less these. Derived like the month totals: statement triggers on the bookings (migration
 * 0032_booking_exported_totals) apply each write's difference in the same transaction. Only exported
 * rows count, so an upload (whose bookings are never exported) writes none of them; and each export
 * writes only the rows of its own batch, so two exports, or an export and the edit of a booking an
 * earlier export marked, never wait for each other's totals.
 */
export const bookingExportedMonthTotals = pgTable(
  'booking_exported_month_totals',
  {
    creditorNumber: integer('creditor_number').notNull(),
    /** The first day of the month. */
    month: date('month', { mode: 'string' }).notNull(),
    /** The export that marked them (transactions.export_batch_id); 0 for bookings exported without one. */
    exportBatch: integer('export_batch').notNull(),
    /** Exported bookings, empty reports included. */
    bookings: integer('bookings').notNull(),
    net: numeric('net').notNull(),
  },
  (t) => [primaryKey({ columns: [t.creditorNumber, t.month, t.exportBatch] })],
);

/**
 * The number of bookings (empty reports included) per creditor and debitor: the groups a deep page of
 * the whole list, or of one creditor's, by debitor number or name is found among without counting
 * them (bookings.list-sql.ts `totalGroups`, docs/performance.md). Derived like the month totals:
 * statement triggers on the bookings (migration 0028_booking_debitor_totals_sync) apply each write's
 * difference in the same transaction.
 */
export const bookingDebitorTotals = pgTable(
  'booking_debitor_totals',
  {
    creditorNumber: integer('creditor_number').notNull(),
    debitorNumber: integer('debitor_number').notNull(),
    bookings: integer('bookings').notNull(),
  },
  (t) => [primaryKey({ columns: [t.creditorNumber, t.debitorNumber] })],
);

/**
 * Every delivery location a booking has (had): what the list's search matches a term against before
 * it looks up the bookings through `transactions_location_idx`, as it does with the master-data names
 * (bookings.search.ts, docs/performance.md). Derived, never written by the app: statement triggers on
 * the bookings (migration 0021_delivery_locations_sync) add each write's new locations in the same
 * transaction. A location no booking has any more stays: it only makes the search's array longer.
 * Trigram search index: migration 0021.
 */
export const deliveryLocations = pgTable(
  'delivery_locations',
  {
    location: varchar('location', { length: TEXT_MAX_LENGTH }).notNull(),
    /** The location as ILIKE compares it (bookings.search.ts); its trigram index: migration 0026. */
    locationLower: text('location_lower').generatedAlwaysAs(sql`lower(location)`),
  },
  // Not unique on purpose: two transactions that bring the same new location each add it rather
  // than one waiting for the other's commit (a unique key would make parallel uploads queue, and
  // deadlock when they bring two new locations in opposite orders). The search reads them distinct.
  (t) => [index('delivery_locations_location_idx').on(t.location)],
);

/** Server-wide settings kept in the database (e.g. the token signing secret). */
export const appSettings = pgTable('app_settings', {
  key: varchar('key', { length: 100 }).primaryKey(),
  value: text('value').notNull(),
});

/**
 * Login throttling counters (decisions.md section 12), one row per client address
 * (`address:<ip>`) and per user name (`account:<sha256 of the normalised name>`), so that every
 * server on the database counts the same attempts. Rows are removed once expired.
 */
export const loginThrottle = pgTable(
  'login_throttle',
  {
    key: varchar('key', { length: 100 }).primaryKey(),
    attempts: integer('attempts').notNull().default(0),
    /** How often the user name had to wait in a row: each wait doubles. */
    lockCount: integer('lock_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Attempts whose password is being checked, holding a place until pending_until (decision 0075). */
    pending: integer('pending').notNull().default(0),
    pendingUntil: timestamp('pending_until', { withTimezone: true }),
  },
  (t) => [index('login_throttle_expires_at_idx').on(t.expiresAt)],
);

/**
 * Tokens revoked before their expiry (`Abmelden`): refused although validly signed. Rows are removed
 * once the token would have expired anyway.
 */
export const revokedTokens = pgTable(
  'revoked_tokens',
  {
    tokenId: varchar('token_id', { length: 64 }).primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('revoked_tokens_expires_at_idx').on(t.expiresAt)],
);

const oneOf = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/**
 * The audit trail (decisions.md section 11; decision 0011): one row per create, update, delete and
 * export, written in the database transaction of the change. Rows are only ever inserted: a trigger
 * (migration 0007_audit_entries_immutable) refuses UPDATE, DELETE and TRUNCATE.
 */
export const auditEntries = pgTable(
  'audit_entries',
  {
    id: serial('id').primaryKey(),
    /** The change's transaction time: entries of one change share it, and bookings' dates match it. */
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** Snapshot of who changed it: the entry keeps it if the user is renamed or deleted. */
    userEmailAddress: varchar('user_email_address', { length: EMAIL_MAX_LENGTH }).notNull(),
    entity: varchar('entity', { length: 20 }).notNull(),
    /** Booking and user id, or the business number of an article, creditor or debitor. */
    entityKey: integer('entity_key').notNull(),
    action: varchar('action', { length: 10 }).notNull(),
    /** `{"<wire field>": {"old": …, "new": …}}`; a password only as `{"changed": true}`. */
    changes: jsonb('changes').$type<Record<string, AuditChange>>().notNull(),
  },
  (t) => [
    index('audit_entries_entity_key_at_idx').on(t.entity, t.entityKey, t.at.desc()),
    check('audit_entries_entity_known', sql`${t.entity} in (${oneOf(AUDIT_ENTITIES)})`),
    check('audit_entries_action_known', sql`${t.action} in (${oneOf(AUDIT_ACTIONS)})`),
  ],
);

/**
 * The audit trail's `export` entries since migration 0018 (decision 0011): one row per export statement
 * and kind instead of one `audit_entries` row per booking, because an export of a million bookings
 * wrote a million rows (200 MB, seconds of database time) on every export and re-export. An export
 * writes its ids sorted, in rows of consecutive ids (decision 0033), so each row spans a narrow range
 * of ids: the history of a booking finds its rows through the GiST index on that span
 * (`audit_id_span`, migration 0033) and checks each one's ids. Append-only like audit_entries
 * (migration 0019_audit_export_entries_immutable).
 */
export const auditExportEntries = pgTable(
  'audit_export_entries',
  {
    id: serial('id').primaryKey(),
    /** The export's transaction time: the export date it sets on the bookings it marks. */
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** Snapshot of who exported: the entry keeps it if the user is renamed or deleted. */
    userEmailAddress: varchar('user_email_address', { length: EMAIL_MAX_LENGTH }).notNull(),
    exportBatchId: integer('export_batch_id')
      .notNull()
      .references((): AnyPgColumn => exportBatches.id, { onDelete: 'restrict' }),
    /** This export marked them (set their export date); false: re-exported, their date stays. */
    firstExport: boolean('first_export').notNull(),
    /** Ids of the bookings (`transactions.id`), no foreign key: a deleted booking keeps its history. */
    transactionIds: integer('transaction_ids').array().notNull(),
  },
  (t) => [
    index('audit_export_entries_id_span_idx').using('gist', sql`audit_id_span(${t.transactionIds})`),
    // The bookings list filtered by an export batch reads the ids the batch exported again from here
    // (bookings.filter.ts), on every request of that filter (migration 0042).
    index('audit_export_entries_batch_idx').on(t.exportBatchId),
    check('audit_export_entries_ids_present', sql`cardinality(${t.transactionIds}) > 0`),
  ],
);

/**
 * Uploads admitted and not yet finished (receiving, waiting or being imported), shared by every server
 * on the database (decision 0014): the per-user limit counts these rows. Each row is a lease its
 * server renews while the upload runs; a killed server's rows expire and no longer count.
 */
export const uploadAdmissions = pgTable(
  'upload_admissions',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The admitting server's presence key: the lease counts while that server holds its lock. */
    serverKey: integer('server_key').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('upload_admissions_user_idx').on(t.userId, t.expiresAt)],
);

// ---- E-mail (decisions.md section 13) --------------------------------------------------------------

/**
 * Every mail the portal writes, stored in the database transaction of the event that causes it (a
 * reset request, an upload, a reminder run) together with its delivery job (graphile-worker's
 * add_job in the same transaction; decision 0065). The delivery marks it sent or counts the failed
 * attempt; without SMTP_URL it stays `unsent` and is only shown in the outbox (Postausgang).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    kind: varchar('kind', { length: 20 }).notNull(),
    recipients: text('recipients').array().notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    state: varchar('state', { length: 10 }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The relay's answer to the last failed attempt. */
    error: text('error'),
  },
  (t) => [
    index('mail_outbox_created_idx').on(t.createdAt, t.id),
    check('mail_outbox_kind_check', sql`${t.kind} in (${oneOf(MAIL_KINDS)})`),
    check('mail_outbox_state_check', sql`${t.state} in (${oneOf(MAIL_STATES)})`),
  ],
);

/**
 * Links that let a user set a password without the current one: a reset (60 minutes) or an
 * invitation (7 days). Only the SHA-256 of the random token is stored; a use sets `usedAt`, so each
 * works once. A user's deletion removes them.
 */
export const passwordTokens = pgTable(
  'password_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: bytea('token_hash').notNull(),
    purpose: varchar('purpose', { length: 12 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('password_tokens_hash_unique').on(t.tokenHash),
    index('password_tokens_user_idx').on(t.userId),
    check('password_tokens_purpose_check', sql`${t.purpose} in ('reset', 'invitation')`),
  ],
);

/**
 * A user's mail settings; no row: the defaults (receipts on). A table of its own rather than columns
 * of users, so that the users' row and its optimistic version stay the edit form's.
 */
export const userMailSettings = pgTable('user_mail_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  receipts: boolean('receipts').notNull().default(true),
});

/**
 * Each reminder step sent to a creditor for a month, once: the primary key makes a second send of the
 * same step (a second run, a second server) fail to insert, so its mail is never queued.
 */
export const reminderSends = pgTable(
  'reminder_sends',
  {
    creditorNumber: integer('creditor_number')
      .notNull()
      .references(() => creditors.number, { onDelete: 'cascade', onUpdate: 'cascade' }),
    /** The first day of the month reminded of. */
    month: date('month', { mode: 'string' }).notNull(),
    /** The step's working day (the N-th working day after the month). */
    step: integer('step').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    mailId: integer('mail_id').references(() => mailOutbox.id, { onDelete: 'set null' }),
  },
  (t) => [primaryKey({ columns: [t.creditorNumber, t.month, t.step] })],
);

// ---- Second factor (decisions.md section 15, decision 0079) -----------------------------------------

/**
 * A user's TOTP secret (RFC 6238, base32). Unconfirmed (`confirmed_at` null) from the enrolment's
 * start until its first code; only a confirmed one is asked at login. `last_time_step` is the
 * 30-second step of the last code accepted: a code of that step or an earlier one is refused, so a
 * code works once.
 */
export const userSecondFactors = pgTable('user_second_factors', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  lastTimeStep: bigint('last_time_step', { mode: 'number' }).notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The recovery codes of a confirmed second factor: only their SHA-256, each usable once. */
export const userRecoveryCodes = pgTable(
  'user_recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('user_recovery_codes_user_hash_unique').on(t.userId, t.codeHash)],
);

/**
 * The column mapping a user chose for a file whose header the upload does not recognise (issue 55),
 * offered again for the next file with the same headers. `headers_key` is the SHA-256 of the
 * normalised headers (domain headersKey): one fixed-size key however wide the file.
 */
export const uploadColumnMappings = pgTable(
  'upload_column_mappings',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    headersKey: varchar('headers_key', { length: 64 }).notNull(),
    /** File header → upload column key. */
    mapping: jsonb('mapping').$type<Record<string, string>>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.headersKey] })],
);
