import { describe, expect, it } from 'vitest';
import { DOCS_PREFIX } from '../../http/openapi';
import { useTestApp } from '../../../test/test-app';
import { createWorld, createWorldBooking, findBooking } from '../../../test/factories';

const t = useTestApp();

describe('HEAD never runs a GET handler', () => {
  it('registers no HEAD route under /api', () => {
    // Swagger UI's static assets answer HEAD like any file server; they change nothing.
    const head = t.app.routeTable.filter(
      (r) => r.method === 'HEAD' && r.url.startsWith('/api') && !r.url.startsWith(DOCS_PREFIX),
    );
    expect(head).toEqual([]);
  });

  it('answers HEAD on every export with 404 and marks nothing exported', async () => {
    const w = await createWorld(t);
    const stored = await createWorldBooking(t.db, w);
    const exportUrls = t.app.routeTable
      .filter((r) => r.method === 'GET' && r.url.includes('export'))
      .map((r) => r.url.replace(/:\w+/g, '1'));
    expect(exportUrls).toContain('/api/transactions/export-selected');
    for (const url of exportUrls) {
      const res = await t.request(w.adminToken, {
        method: 'HEAD',
        url: `${url}?format=csv&items=${stored.id}&creditor=${w.creditorNumber}`,
      });
      expect(res.statusCode, url).toBe(404);
    }

    expect((await findBooking(t.db, stored.id))?.exportDate).toBeNull();
    const list = await t.request(w.adminToken, {
      method: 'GET',
      url: `/api/transactions?creditor=${w.creditorNumber}`,
    });
    expect(list.statusCode).toBe(200);
    const row = (list.json() as { items: { id: number; exportDate: string | null }[] }).items.find(
      (b) => b.id === stored.id,
    );
    expect(row?.exportDate).toBeNull();
  });
});
