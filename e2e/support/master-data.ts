// Master data for specs, created as admin through the API: articles, creditors, debitors and users.
// Numbers are unique within a run (all specs share one database), so specs never collide.
import { expect, type APIRequestContext } from '@playwright/test';
import type { Article, Creditor, Debitor, MasterDataSaveResult } from '@lp/domain/entities';
import { adminToken, bearer } from './api';

// Seeded from the clock so that spec files loaded one after the other start apart.
let nextNumber = 100_000 + (Date.now() % 100_000) * 100;
/** A business number no other spec of this run uses (never the reserved 999 or 999999). */
export function uniqueNumber(): number {
  nextNumber += 1;
  return nextNumber;
}

async function post<T>(request: APIRequestContext, token: string, path: string, data: unknown): Promise<T> {
  const response = await request.post(path, { data, headers: bearer(token) });
  expect(response.status(), `POST ${path}`).toBe(200);
  return (await response.json()) as T;
}

async function createMasterData<T extends { number: number }>(
  request: APIRequestContext,
  path: string,
  record: T,
  token?: string,
): Promise<T> {
  const result = await post<MasterDataSaveResult>(
    request,
    token ?? (await adminToken(request)),
    path,
    record,
  );
  expect(result.errors, `${path} ${record.number}`).toEqual([]);
  return record;
}

export function createArticle(
  request: APIRequestContext,
  values: Partial<Omit<Article, 'id'>> = {},
  token?: string,
) {
  const number = values.number ?? uniqueNumber();
  return createMasterData(
    request,
    '/api/articles',
    { number, name: `Artikel ${number}`, isActive: true, ...values },
    token,
  );
}

export function createCreditor(
  request: APIRequestContext,
  values: Partial<Omit<Creditor, 'id' | 'lastTransactionCreationDate'>> = {},
  token?: string,
) {
  const number = values.number ?? uniqueNumber();
  return createMasterData(
    request,
    '/api/creditors',
    { number, name: `Kreditor ${number}`, isActive: true, ...values },
    token,
  );
}

export function createDebitor(
  request: APIRequestContext,
  values: Partial<Omit<Debitor, 'id'>> = {},
  token?: string,
) {
  const number = values.number ?? uniqueNumber();
  return createMasterData(
    request,
    '/api/debitors',
    {
      number,
      name: `Debitor ${number}`,
      street: 'Rathausplatz 1',
      zipCode: '10115',
      city: 'Berlin',
      isActive: true,
      ...values,
    },
    token,
  );
}

export interface CreatedUser {
  id: number;
  emailAddress: string;
  password: string;
}

export async function createUser(
  request: APIRequestContext,
  values: {
    emailAddress?: string;
    password?: string;
    isAdmin?: boolean;
    isActive?: boolean;
    creditorNumber?: number | null;
  } = {},
  token?: string,
): Promise<CreatedUser> {
  const emailAddress = values.emailAddress ?? `benutzer-${uniqueNumber()}@e2e.example`;
  const password = values.password ?? 'E2e-Benutzer-Passwort-1';
  const result = await post<MasterDataSaveResult>(
    request,
    token ?? (await adminToken(request)),
    '/api/users',
    {
      emailAddress,
      password,
      isAdmin: values.isAdmin ?? false,
      isActive: values.isActive ?? true,
      creditorNumber: values.creditorNumber ?? null,
    },
  );
  expect(result.errors, `user ${emailAddress}`).toEqual([]);
  return { id: result.id as number, emailAddress, password };
}

/** A supplier: a new creditor and a user bound to it. */
export async function createSupplier(
  request: APIRequestContext,
  token?: string,
  creditorValues: Partial<Omit<Creditor, 'id'>> = {},
) {
  const admin = token ?? (await adminToken(request));
  const creditor = await createCreditor(request, creditorValues, admin);
  const user = await createUser(request, { creditorNumber: creditor.number }, admin);
  return { creditor, user };
}
