// Hostile request bodies (issue 9, item 1): every array and text of a request schema is bounded, a
// huge array is refused before its items are looked at, and the error list stays short.
import { describe, expect, it } from 'vitest';
import { REQUEST_TEXT_MAX_LENGTH, SELECTION_MAX } from '@lp/domain/limits';
import { MESSAGES } from '@lp/domain/messages';
import { ADMIN_EMAIL, useTestApp } from '../../test/test-app';
import { VALIDATION_MESSAGES_MAX } from './zod-schemas';

const t = useTestApp();

describe('request bounds', () => {
  it('answers a delete body of 400,000 numbers with a short 400 at once and stays up', async () => {
    const token = await t.login(ADMIN_EMAIL);
    const payload = `[${Array.from({ length: 400_000 }, () => '1.5').join(',')}]`;
    const started = performance.now();
    const res = await t.request(token, {
      method: 'POST',
      url: '/api/transactions/delete',
      payload,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'MALFORMED_REQUEST',
      errors: [
        { property: '', message: `Es können höchstens 1.000 Buchungen auf einmal ausgewählt werden.` },
      ],
    });
    expect(performance.now() - started).toBeLessThan(3_000);
    const health = await t.request(undefined, { method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
  });

  it('refuses one id more than a selection may hold, and caps the list of item errors', async () => {
    const token = await t.login(ADMIN_EMAIL);
    const tooMany = await t.request(token, {
      method: 'POST',
      url: '/api/transactions/delete',
      payload: Array.from({ length: SELECTION_MAX + 1 }, (_, i) => i + 1),
    });
    expect(tooMany.statusCode).toBe(400);

    const badItems = await t.request(token, {
      method: 'POST',
      url: '/api/transactions/delete',
      payload: Array.from({ length: SELECTION_MAX }, () => 'x'),
    });
    expect(badItems.statusCode).toBe(400);
    expect(badItems.json().errors).toHaveLength(VALIDATION_MESSAGES_MAX);
    expect(badItems.json().errors[0]).toEqual({
      property: '0',
      message: 'Der Wert hat ein ungültiges Format.',
    });
  });

  it('refuses a text beyond the request bound with a German 400 naming the field', async () => {
    const token = await t.login(ADMIN_EMAIL);
    const long = 'x'.repeat(REQUEST_TEXT_MAX_LENGTH + 1);
    const booking = await t.request(token, {
      method: 'POST',
      url: '/api/transactions',
      payload: { invoiceNumber: long },
    });
    expect(booking.statusCode).toBe(400);
    expect(booking.json().errors).toEqual([
      { property: 'Bestell-/Rechnungsnummer', message: 'Maximal 1000 Zeichen erlaubt.' },
    ]);
    const article = await t.request(token, { method: 'POST', url: '/api/articles', payload: { name: long } });
    expect(article.statusCode).toBe(400);
    expect(article.json().errors[0].property).toBe('Bezeichnung');
  });

  it('answers a form body on a JSON route 415 in German, storing nothing; the login takes forms', async () => {
    const token = await t.login(ADMIN_EMAIL);
    const number = 880_000 + Math.floor(Math.random() * 10_000);
    const form = await t.request(token, {
      method: 'POST',
      url: '/api/articles',
      payload: `number=${number}&name=Formular&isActive=true`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.statusCode).toBe(415);
    expect(form.json()).toEqual({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      errors: [{ property: '', message: MESSAGES.unsupportedMediaType }],
    });
    // Plain text too, whatever it holds: no route reads it.
    const text = await t.request(token, {
      method: 'POST',
      url: '/api/transactions/delete',
      payload: 'x'.repeat(1_500),
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.statusCode).toBe(415);
    expect(text.json()).toEqual({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      errors: [{ property: '', message: MESSAGES.unsupportedMediaType }],
    });
    expect((await t.request(token, { method: 'GET', url: `/api/articles/${number}` })).statusCode).toBe(404);
    // The token grant is a form, as OAuth wants it.
    expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  });
});
