import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EARLY_ANSWER_MAX_AGE_MS, sendEarlyRequest, takeEarlyAnswer } from './early-request';
import { clearSession, storeSession } from './session';

const user = { id: 1, emailAddress: 'a@example.org', isAdmin: true, isActive: true, creditorNumber: null };
const page = { rows: [], total: 0 };
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const list = { pathname: '/transactions', search: '?sorting=net' };

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn().mockResolvedValue(json(200, page));
  vi.stubGlobal('fetch', fetchMock);
  storeSession('token-1', user);
});
afterEach(async () => {
  await takeEarlyAnswer('/api/nothing'); // forget what a test left
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the early request of a first visit', () => {
  it("asks the list's API with the page's query and the stored token; the same path takes the answer once", async () => {
    sendEarlyRequest(list);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/transactions?sorting=net');
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer token-1');
    expect(await takeEarlyAnswer('/api/transactions?sorting=net')).toEqual(page);
    expect(await takeEarlyAnswer('/api/transactions?sorting=net')).toBeNull();
  });

  it('sends nothing without a session or on a page without an early request', async () => {
    sendEarlyRequest({ pathname: '/status', search: '' });
    clearSession();
    sendEarlyRequest(list);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(await takeEarlyAnswer('/api/transactions?sorting=net')).toBeNull();
  });

  it('gives nothing for another path, and cancels the early request', async () => {
    sendEarlyRequest(list);
    const { signal } = (fetchMock.mock.calls[0] as [string, RequestInit])[1];
    expect(await takeEarlyAnswer('/api/transactions?sorting=net_desc')).toBeNull();
    expect(signal?.aborted).toBe(true);
    // The first call took it: the right path later gets nothing either.
    expect(await takeEarlyAnswer('/api/transactions?sorting=net')).toBeNull();
  });

  it('gives nothing after a new sign-in, when too old, or when the API refused or did not answer', async () => {
    sendEarlyRequest(list);
    storeSession('token-2', user);
    expect(await takeEarlyAnswer('/api/transactions?sorting=net')).toBeNull();

    vi.useFakeTimers({ toFake: ['Date'] });
    sendEarlyRequest(list);
    vi.setSystemTime(Date.now() + EARLY_ANSWER_MAX_AGE_MS + 1);
    expect(await takeEarlyAnswer('/api/transactions?sorting=net')).toBeNull();
    vi.useRealTimers();

    fetchMock.mockResolvedValueOnce(json(401, { message: 'abgelaufen' }));
    sendEarlyRequest(list);
    expect(await takeEarlyAnswer('/api/transactions?sorting=net')).toBeNull();

    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    sendEarlyRequest(list);
    expect(await takeEarlyAnswer('/api/transactions?sorting=net')).toBeNull();
  });
});
