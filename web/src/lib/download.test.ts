import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { downloadCsvExport, downloadFile } from './download';
import { dismissNotice, getNotices } from './notices';
import { storeSession } from './session';

let fetchMock: ReturnType<typeof vi.fn>;
let savedAs: string[] = [];

beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  savedAs = [];
  // jsdom has no object URLs and does not navigate on link clicks: record the chosen name instead.
  URL.createObjectURL = vi.fn(() => 'blob:test');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    savedAs.push(this.download);
  });
  storeSession('token-1', {
    id: 1,
    emailAddress: 'a@example.org',
    isAdmin: true,
    isActive: true,
    creditorNumber: null,
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  for (const notice of getNotices()) dismissNotice(notice.id);
});

describe('downloadFile', () => {
  it('fetches with the bearer token and saves under the given name', async () => {
    fetchMock.mockResolvedValue(new Response('a;b\r\n', { status: 200 }));
    await expect(downloadFile('/api/transactions/export?format=csv', 'Buchungen.csv')).resolves.toBe(true);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/transactions/export?format=csv');
    expect(new Headers(init.headers).get('authorization')).toBe('Bearer token-1');
    expect(savedAs).toEqual(['Buchungen.csv']);
  });

  it("uses the server's file name when none is given", async () => {
    fetchMock.mockResolvedValue(
      new Response('x', {
        status: 200,
        headers: { 'content-disposition': 'attachment; filename="Stammdaten_2026-11-21.xlsx"' },
      }),
    );
    await downloadFile('/api/management/export');
    expect(savedAs).toEqual(['Stammdaten_2026-11-21.xlsx']);
  });

  it("logs 'could not download file' on failure and saves nothing", async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    fetchMock.mockResolvedValue(new Response('{"errors":[]}', { status: 403 }));
    await expect(downloadFile('/api/management/export', 'x.xlsx')).resolves.toBe(false);
    expect(error).toHaveBeenCalledWith('could not download file', expect.anything());
    expect(savedAs).toEqual([]);
  });
});

describe('downloadCsvExport', () => {
  it('saves the export and counts its bookings (rows after the header)', async () => {
    fetchMock.mockResolvedValue(
      new Response('\uFEFFRechnungsnummer;Lieferort\r\nRE-1;"Rathaus\r\nEingang B"\r\nRE-2;Schule\r\n', {
        status: 200,
      }),
    );
    await expect(downloadCsvExport('/api/transactions/export?format=csv', 'Buchungen.csv')).resolves.toBe(2);
    expect(savedAs).toEqual(['Buchungen.csv']);
  });

  it('resolves null when the download failed', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fetchMock.mockResolvedValue(new Response('{"errors":[]}', { status: 403 }));
    await expect(downloadCsvExport('/api/transactions/export', 'Buchungen.csv')).resolves.toBeNull();
  });
});
