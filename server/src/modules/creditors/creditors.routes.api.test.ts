import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { EMPTY_REPORT_ARTICLE_NUMBER, EMPTY_REPORT_DEBITOR_NUMBER } from '@lp/domain/reserved-records';
import { CREDITOR_LABELS } from '@lp/domain/labels';
import { MASTER_DATA_MESSAGES, MESSAGES } from '@lp/domain/messages';
import { createBooking, createCreditor, createUser } from '../../../test/factories';
import { ADMIN_EMAIL, useTestApp } from '../../../test/test-app';
import { creditors } from '../../db/schema';
import { describeMasterDataApi } from '../master-data/master-data.test-support';

const t = useTestApp();

describeMasterDataApi(t, {
  path: 'creditors',
  table: creditors,
  labels: CREDITOR_LABELS,
  requiredFields: ['number', 'name'],
  deleteFailed: MASTER_DATA_MESSAGES.creditorDeleteFailed,
  body: (number) => ({ number, name: `Grünes Büro ${number} GmbH`, isActive: true }),
  create: (app, values) => createCreditor(app.db, values),
  reference: (app, number) => createBooking(app.db, { creditorNumber: number }),
  supplierView: 'ownCreditor',
});

describe('/api/creditors: users and bookings', () => {
  it('refuses deleting a creditor a user belongs to (409) and removes nothing', async () => {
    const creditor = await createCreditor(t.db);
    await createUser(t.db, { creditorNumber: creditor.number, isActive: false });
    const res = await t.request(await t.login(ADMIN_EMAIL), {
      method: 'DELETE',
      url: `/api/creditors/${creditor.number}`,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors[0]).toEqual({
      property: '',
      message: MASTER_DATA_MESSAGES.creditorDeleteFailed,
    });
    expect(await t.db.select().from(creditors).where(eq(creditors.number, creditor.number))).toHaveLength(1);
  });

  it('answers the latest creation date of its bookings and empty reports, else null', async () => {
    const admin = await t.login(ADMIN_EMAIL);
    const quiet = await createCreditor(t.db);
    const busy = await createCreditor(t.db);
    await createBooking(t.db, {
      creditorNumber: busy.number,
      creationDate: new Date('2026-02-01T09:00:00Z'),
    });
    await createBooking(t.db, {
      creditorNumber: busy.number,
      articleNumber: EMPTY_REPORT_ARTICLE_NUMBER,
      debitorNumber: EMPTY_REPORT_DEBITOR_NUMBER,
      creationDate: new Date('2026-03-15T10:30:00.123Z'),
    });
    await createBooking(t.db, { creationDate: new Date('2026-12-01T00:00:00Z') });

    const single = (n: number) => t.request(admin, { method: 'GET', url: `/api/creditors/${n}` });
    expect((await single(busy.number)).json().lastTransactionCreationDate).toBe('2026-03-15T10:30:00.123Z');
    expect((await single(quiet.number)).json()).toEqual({
      id: quiet.id,
      number: quiet.number,
      name: quiet.name,
      isActive: true,
      lastTransactionCreationDate: null,
    });
    const list = (await t.request(admin, { method: 'GET', url: '/api/creditors' })).json() as {
      number: number;
      lastTransactionCreationDate: string | null;
    }[];
    expect(list.find((c) => c.number === busy.number)?.lastTransactionCreationDate).toBe(
      '2026-03-15T10:30:00.123Z',
    );
    expect(list.find((c) => c.number === quiet.number)?.lastTransactionCreationDate).toBeNull();
  });

  it('never takes lastTransactionCreationDate from a body', async () => {
    const admin = await t.login(ADMIN_EMAIL);
    const body = {
      number: 600_001,
      name: 'Neu GmbH',
      isActive: true,
      lastTransactionCreationDate: '2026-01-01T00:00:00Z',
    };
    expect(
      (await t.request(admin, { method: 'POST', url: '/api/creditors', payload: body })).json().errors,
    ).toEqual([]);
    const read = await t.request(admin, { method: 'GET', url: '/api/creditors/600001' });
    expect(read.json().lastTransactionCreationDate).toBeNull();
  });
});

describe('GET /api/creditors/{number}/email-addresses', () => {
  const url = (n: number) => `/api/creditors/${n}/email-addresses`;

  it('needs a token', async () => {
    const creditor = await createCreditor(t.db);
    expect((await t.request(undefined, { method: 'GET', url: url(creditor.number) })).statusCode).toBe(401);
  });

  it('answers the addresses of the active users only, for admins', async () => {
    const creditor = await createCreditor(t.db);
    const b = await createUser(t.db, {
      creditorNumber: creditor.number,
      emailAddress: 'b.einkauf@lieferant.example',
    });
    const a = await createUser(t.db, {
      creditorNumber: creditor.number,
      emailAddress: 'A.Vertrieb@lieferant.example',
    });
    await createUser(t.db, {
      creditorNumber: creditor.number,
      emailAddress: 'alt@lieferant.example',
      isActive: false,
    });
    await createUser(t.db);
    const res = await t.request(await t.login(ADMIN_EMAIL), { method: 'GET', url: url(creditor.number) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([a.emailAddress, b.emailAddress]);
  });

  it('leaves out an admin stored with the creditor (a row from before admins had none)', async () => {
    const creditor = await createCreditor(t.db);
    const supplier = await createUser(t.db, { creditorNumber: creditor.number });
    await createUser(t.db, { creditorNumber: creditor.number, isAdmin: true });
    const res = await t.request(await t.login(ADMIN_EMAIL), { method: 'GET', url: url(creditor.number) });
    expect(res.json()).toEqual([supplier.emailAddress]);
  });

  it('answers [] for a creditor without users and 404 for an unknown one', async () => {
    const admin = await t.login(ADMIN_EMAIL);
    const creditor = await createCreditor(t.db);
    expect((await t.request(admin, { method: 'GET', url: url(creditor.number) })).json()).toEqual([]);
    expect((await t.request(admin, { method: 'GET', url: url(699_999) })).statusCode).toBe(404);
    expect(
      (await t.request(admin, { method: 'GET', url: '/api/creditors/x/email-addresses' })).statusCode,
    ).toBe(400);
  });

  it('lets a supplier read its own creditor only (403 for any other)', async () => {
    const supplier = await createUser(t.db);
    const other = await createUser(t.db);
    const token = await t.login(supplier.emailAddress);
    const own = await t.request(token, { method: 'GET', url: url(supplier.creditorNumber!) });
    expect(own.json()).toEqual([supplier.emailAddress]);
    for (const n of [other.creditorNumber!, 699_998]) {
      const res = await t.request(token, { method: 'GET', url: url(n) });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        code: 'FORBIDDEN',
        errors: [{ property: '', message: MESSAGES.forbidden }],
      });
    }
  });
});
