// What the generic list and edit screens need to know about one kind of master data. The four kinds
// (articles, creditors, debitors, users) differ only in these descriptions.
import type { ReactNode } from 'react';
import type { z } from 'zod';
import type { ResourcePath } from '../../../api/master-data-keys';

export interface Column<T> {
  header: string;
  cell: (record: T) => ReactNode;
  /** Table cell class (cell--number, cell--center, …) for header and cells. */
  className?: string;
  /** The cell links to the record's edit page. */
  link?: boolean;
}

export interface RecordResource<T> {
  path: ResourcePath;
  listTitle: string;
  addLabel: string;
  editTitle: string;
  /** The heading of a record being created: 'Artikel anlegen'. */
  newTitle: string;
  /** The success box after a save. */
  savedMessage: string;
  /** The success box on the new record's page after its creation: 'Der Artikel wurde angelegt.' */
  createdMessage: string;
  /** Title of the box when deleting fails: 'Der Artikel kann nicht gelöscht werden!'. */
  deleteFailedMessage: string;
  /** Business number (articles, creditors, debitors) or id (users): the `id` of the edit page. */
  keyOf: (record: T) => number;
  /** The record as the delete confirmation names it: 'den Artikel 001200 – Papier'. */
  deleteObject: (record: T) => string;
  /** The success box on the list after the record was deleted: 'Der Artikel 001200 – Papier wurde gelöscht.' */
  deletedMessage: (record: T) => string;
  columns: readonly Column<T>[];
  /** What the list's search looks in (every typed word must occur, lib/record-search.ts). */
  searchText: (record: T) => string;
}

/** The edit form's values of every number-addressed kind; only debitors have the address fields. */
export interface MasterDataFormValues {
  number: string;
  name: string;
  isActive: boolean;
  street?: string;
  zipCode?: string;
  city?: string;
}

/** The body the form sends (the output of the kind's form schema). */
export interface MasterDataBody {
  number: number;
  name: string;
  isActive: boolean;
  street?: string;
  zipCode?: string;
  city?: string;
}

export interface NumberedRecord {
  number: number;
  name: string;
  isActive: boolean;
}

/** Articles, creditors and debitors: addressed by business number, edited with the same form. */
export interface NumberedResource<T extends NumberedRecord> extends RecordResource<T> {
  labels: {
    number: string;
    name: string;
    isActive: string;
    street?: string;
    zipCode?: string;
    city?: string;
  };
  /** The form schema of domain/ (articleFormSchema, …). */
  formSchema: z.ZodType<MasterDataBody, MasterDataFormValues>;
  emptyValues: MasterDataFormValues;
  toFormValues: (record: T) => MasterDataFormValues;
  /** How the read-only number shows (articles zero-padded). */
  formatNumber: (n: number) => string;
  /** Debitors: street and house number, PLZ, Ort. */
  addressFields: boolean;
}

export const listPath = (path: ResourcePath) => `/management/${path}`;
export const editPath = (path: ResourcePath, key: number | 'new') => `/management/${path}/edit?id=${key}`;
