// The wire contract: JSON shapes of spec section 3 exactly as the API sends and receives them.
// Dates are ISO strings; calendar dates at UTC midnight. Business numbers stand in the *Id fields.
import type { ValidationMessage } from './messages';

export interface User {
  id: number;
  emailAddress: string;
  isAdmin: boolean;
  isActive: boolean;
  creditorNumber: number | null;
}

/** Body of POST/PUT /api/users. An empty password on update keeps the current one. */
export interface UserInput {
  emailAddress: string;
  password?: string;
  /** Needed when users change their own password or e-mail address. */
  currentPassword?: string;
  isAdmin: boolean;
  isActive: boolean;
  creditorNumber: number | null;
  /** On create: mail the user a link to set the password (the password may then be left out). */
  sendInvitation?: boolean;
}

export interface Article {
  id: number;
  number: number;
  name: string;
  isActive: boolean;
}

export interface Creditor {
  id: number;
  number: number;
  name: string;
  isActive: boolean;
  lastTransactionCreationDate: string | null;
}

export interface Debitor {
  id: number;
  number: number;
  name: string;
  street: string;
  zipCode: string;
  city: string;
  isActive: boolean;
}

/** A booking as the client sends it (POST/PUT /api/transactions). */
export interface BookingInput {
  invoiceDate: string | null;
  invoiceNumber: string;
  net: number | string | null;
  debitorId: number | null;
  deliveryLocation: string;
  articleId: number | null;
  additionalInformation?: string | null;
  creditorId: number | null;
  /** Optimistic concurrency: the version the client loaded (PUT only). */
  version?: number;
}

/** A booking as the API answers it: the input plus display data. */
export interface Booking {
  id: number;
  invoiceDate: string;
  invoiceNumber: string;
  net: number;
  debitorId: number;
  deliveryLocation: string;
  articleId: number;
  additionalInformation: string | null;
  creditorId: number;
  debitor: { number: number; name: string };
  article: { number: number; name: string };
  creditor: { number: number; name: string };
  exportDate: string | null;
  creationDate: string;
  creationUserEmailAddress: string;
  version: number;
  /** The upload batch that stored it (GET /api/uploads); null when entered by hand. */
  uploadBatchId: number | null;
}

/** GET /api/exports: one booking export (decisions.md section 11). */
export interface ExportBatch {
  id: number;
  /** ISO timestamp. */
  createdAt: string;
  /** E-mail address of the exporting user. */
  createdBy: string;
  /** Rows of the file. */
  count: number;
  netSum: number;
  fileName: string;
}

/** GET /api/uploads: one successful upload (decisions.md section 11). */
export interface UploadBatch {
  id: number;
  /** ISO timestamp. */
  createdAt: string;
  /** E-mail address of the uploading user. */
  createdBy: string;
  fileName: string;
  /** Bookings stored. */
  count: number;
  netSum: number;
  /** The one creditor of all its bookings; null when they belong to several. */
  creditorNumber: number | null;
  /** That creditor's name; null with the number, or once the creditor is deleted. */
  creditorName: string | null;
  /** At least one of its bookings is exported: the upload can no longer be undone. */
  exported: boolean;
}

export interface PagedResult<T> {
  items: T[];
  total: number;
}

export interface MasterDataSaveResult {
  id: number | null;
  errors: ValidationMessage[];
}

export interface BookingSaveResult {
  id?: number;
  errors: ValidationMessage[];
  warnings: ValidationMessage[];
}

/** Public site configuration the server embeds into the page (footer). */
export interface SiteConfig {
  contacts: { name: string; email: string; phone: string }[];
  creditLine: string;
}
