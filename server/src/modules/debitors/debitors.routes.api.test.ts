import { describe, expect, it } from 'vitest';
import { EMPTY_REPORT_DEBITOR_NUMBER } from '@lp/domain/reserved-records';
import { ZIP_CODE_MAX_LENGTH } from '@lp/domain/limits';
import { DEBITOR_LABELS } from '@lp/domain/labels';
import { MASTER_DATA_MESSAGES, MESSAGES } from '@lp/domain/messages';
import { createBooking, createDebitor } from '../../../test/factories';
import { ADMIN_EMAIL, useTestApp } from '../../../test/test-app';
import { debitors } from '../../db/schema';
import { describeMasterDataApi } from '../master-data/master-data.test-support';

const t = useTestApp();

const body = (number: number) => ({
  number,
  name: `Stadtverwaltung ${number}`,
  street: 'Rathausplatz 1',
  zipCode: '60311',
  city: 'Frankfurt am Main',
  isActive: true,
});

describeMasterDataApi(t, {
  path: 'debitors',
  table: debitors,
  labels: DEBITOR_LABELS,
  requiredFields: ['number', 'name', 'street', 'zipCode', 'city'],
  deleteFailed: MASTER_DATA_MESSAGES.debitorDeleteFailed,
  body,
  create: (app, values) => createDebitor(app.db, values),
  reference: (app, number) => createBooking(app.db, { debitorNumber: number }),
  reservedNumber: EMPTY_REPORT_DEBITOR_NUMBER,
  supplierView: 'active',
});

describe('/api/debitors: address fields', () => {
  it('bounds the zip code by its maximum length and trims the address', async () => {
    const admin = await t.login(ADMIN_EMAIL);
    const tooLong = await t.request(admin, {
      method: 'POST',
      url: '/api/debitors',
      payload: { ...body(610_001), zipCode: '1'.repeat(ZIP_CODE_MAX_LENGTH + 1) },
    });
    expect(tooLong.json()).toEqual({
      id: null,
      errors: [{ property: 'PLZ', message: MESSAGES.maxLength(ZIP_CODE_MAX_LENGTH) }],
    });
    const created = await t.request(admin, {
      method: 'POST',
      url: '/api/debitors',
      payload: { ...body(610_002), street: ' Am Markt 3 ', city: ' Langen ' },
    });
    expect(created.json()).toEqual({ id: 610_002, errors: [] });
    const read = await t.request(admin, { method: 'GET', url: '/api/debitors/610002' });
    expect(read.json()).toMatchObject({ street: 'Am Markt 3', city: 'Langen', zipCode: '60311' });
  });
});
