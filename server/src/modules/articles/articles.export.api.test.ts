import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@lp/domain/messages';
import { createArticle, createUser } from '../../../test/factories';
import { ADMIN_EMAIL, useTestApp } from '../../../test/test-app';

const t = useTestApp();
const url = '/api/articles/export';

describe('GET /api/articles/export', () => {
  it('needs a token', async () => {
    expect((await t.request(undefined, { method: 'GET', url })).statusCode).toBe(401);
  });

  it('is for admins only (403 for suppliers)', async () => {
    const supplier = await createUser(t.db);
    const res = await t.request(await t.login(supplier.emailAddress), { method: 'GET', url });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      code: 'FORBIDDEN',
      errors: [{ property: '', message: MESSAGES.forbidden }],
    });
  });

  it('downloads Artikel.csv: BOM, semicolons, CRLF, German header, formula-safe cells', async () => {
    const formula = await createArticle(t.db, { name: '=HYPERLINK("http://evil.example","Klick")' });
    const tricky = await createArticle(t.db, { name: 'Öko-Papier; "Premium"\nA4' });
    const inactive = await createArticle(t.db, { name: '-Rabatt', isActive: false });

    const res = await t.request(await t.login(ADMIN_EMAIL), { method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Artikel.csv"; filename*=UTF-8''Artikel.csv`,
    );
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(res.body.startsWith('\ufeffArtikelnummer;Bezeichnung;Aktiv\r\n')).toBe(true);
    expect(res.body.endsWith('\r\n')).toBe(true);

    const rows = parse(res.rawPayload, { bom: true, delimiter: ';', record_delimiter: '\r\n' }) as string[][];
    expect(rows[0]).toEqual(['Artikelnummer', 'Bezeichnung', 'Aktiv']);
    const byNumber = new Map(rows.slice(1).map((r) => [Number(r[0]), r]));
    expect(byNumber.get(999)).toEqual(['999', 'Leermeldung', 'ja']);
    expect(byNumber.get(formula.number)).toEqual([String(formula.number), `'${formula.name}`, 'ja']);
    expect(byNumber.get(tricky.number)).toEqual([String(tricky.number), tricky.name, 'ja']);
    expect(byNumber.get(inactive.number)).toEqual([String(inactive.number), "'-Rabatt", 'nein']);
    const numbers = rows.slice(1).map((r) => Number(r[0]));
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
  });
});
