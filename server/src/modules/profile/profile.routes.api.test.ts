// Receipts after a stored upload and an empty report, switched per user on the profile; and the
// profile routes themselves.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoDayToWire } from '@lp/domain/dates';
import { MESSAGES } from '@lp/domain/messages';
import { addMonths, currentMonth, formatMonth } from '@lp/domain/reporting-status';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createWorld } from '../../../test/factories';
import { mailConfig, outboxRows } from '../../../test/mail-support';
import { csvUpload } from '../upload/upload-test-support';

let t: TestApp & { close(): Promise<void> };
beforeAll(async () => {
  t = await createTestApp(mailConfig(undefined));
});
afterAll(async () => t?.close());

const receiptsTo = async (address: string) =>
  (await outboxRows(t.db)).filter((m) => m.kind === 'receipt' && m.recipients.includes(address));

describe('profile routes', () => {
  it('answer 401 without a token and refuse a bad body', async () => {
    expect((await t.request(undefined, { method: 'GET', url: '/api/profile' })).statusCode).toBe(401);
    const put = await t.request(undefined, { method: 'PUT', url: '/api/profile/mail-settings', payload: {} });
    expect(put.statusCode).toBe(401);
    const world = await createWorld(t);
    const bad = await t.request(world.supplierToken, {
      method: 'PUT',
      url: '/api/profile/mail-settings',
      payload: { receipts: 'nein' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].message).toBe(MESSAGES.malformedRequest);
  });

  it('show and change only the signed-in user’s own switch', async () => {
    const one = await createWorld(t);
    const other = await createWorld(t);
    const get = (token: string) => t.request(token, { method: 'GET', url: '/api/profile' });
    expect((await get(one.supplierToken)).json()).toEqual({
      emailAddress: one.supplierEmail,
      receipts: true,
    });
    const off = await t.request(one.supplierToken, {
      method: 'PUT',
      url: '/api/profile/mail-settings',
      payload: { receipts: false },
    });
    expect(off.json()).toEqual({ emailAddress: one.supplierEmail, receipts: false });
    expect((await get(one.supplierToken)).json().receipts).toBe(false);
    expect((await get(other.supplierToken)).json().receipts).toBe(true);
  });
});

describe('receipts', () => {
  it('follow a stored upload with count, net sum and months, and nothing after a refused one', async () => {
    const w = await createWorld(t);
    const rows = [
      ['05.03.2025', 'RE-1', w.debitorNumber, 'Rathaus', w.articleNumber, '1.234,50', '', w.creditorNumber],
      ['06.04.2025', 'RE-2', w.debitorNumber, 'Rathaus', w.articleNumber, '10,00', '', w.creditorNumber],
    ];
    const res = await t.request(w.supplierToken, csvUpload(rows));
    expect(res.statusCode).toBe(200);
    const [receipt, ...more] = await receiptsTo(w.supplierEmail);
    expect(more).toEqual([]);
    expect(receipt!.subject).toBe('Eingangsbestätigung: Upload');
    expect(receipt!.text).toContain('Buchungen: 2');
    expect(receipt!.text).toContain('Nettosumme: 1.244,50 €');
    expect(receipt!.text).toContain('Monate: 03.2025, 04.2025');
    expect(receipt!.text).toContain('buchungen.csv');

    const refused = await t.request(w.supplierToken, csvUpload([['05.03.2025', '', '', '', '', '', '', '']]));
    expect(refused.json().errors.length).toBeGreaterThan(0);
    expect(await receiptsTo(w.supplierEmail)).toHaveLength(1);
  });

  it('follow an empty report, unless the user switched them off', async () => {
    const w = await createWorld(t);
    const month = addMonths(currentMonth(), -1);
    const emptyReport = (m: string) => ({
      invoiceDate: isoDayToWire(`${m}-01`),
      invoiceNumber: '',
      net: 0,
      debitorId: 999999,
      deliveryLocation: '–',
      articleId: 999,
      additionalInformation: null,
      creditorId: w.creditorNumber,
    });
    const save = (m: string) =>
      t.request(w.supplierToken, { method: 'POST', url: '/api/transactions', payload: emptyReport(m) });
    expect((await save(month)).json().errors).toEqual([]);
    const receipts = await receiptsTo(w.supplierEmail);
    expect(receipts.map((r) => r.subject)).toEqual(['Eingangsbestätigung: Leermeldung']);
    expect(receipts[0]!.text).toContain(`Ihre Leermeldung für ${formatMonth(month)} ist eingegangen.`);

    await t.request(w.supplierToken, {
      method: 'PUT',
      url: '/api/profile/mail-settings',
      payload: { receipts: false },
    });
    expect((await save(addMonths(month, -1))).json().errors).toEqual([]);
    expect(await receiptsTo(w.supplierEmail)).toHaveLength(1);
  });
});
