import { ACCESS_TOKEN_KEY, USER_STORAGE_KEY } from './storage-keys';
import { MESSAGES } from '@lp/domain/messages';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, setUnauthorizedHandler, TOKEN_PATH } from './api-client';
import { ApiError } from './api-error';
import { clearDrafts, readRelogin, registerDraftSource, takeDraft } from './form-drafts';
import { dismissNotice, getNotices } from './notices';
import { getAccessToken, storeSession } from './session';

const user = { id: 1, emailAddress: 'a@example.org', isAdmin: true, isActive: true, creditorNumber: null };
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn>;
const lastRequest = () => {
  const [url, init] = fetchMock.mock.calls.at(-1) as [string, RequestInit];
  return { url, init, headers: new Headers(init.headers) };
};

beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(console, 'error').mockImplementation(() => {});
  storeSession('token-1', user);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  for (const notice of getNotices()) dismissNotice(notice.id);
});

describe('api client', () => {
  it('sends JSON with the stored bearer token to the same origin and parses the answer', async () => {
    fetchMock.mockResolvedValue(json(200, { id: 7, errors: [] }));
    const result = await api.post('/api/articles', { number: 1, name: 'Papier' });
    expect(result).toEqual({ id: 7, errors: [] });
    const { url, init, headers } = lastRequest();
    expect(url).toBe('/api/articles');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"number":1,"name":"Papier"}');
    expect(headers.get('authorization')).toBe('Bearer token-1');
    expect(headers.get('content-type')).toBe('application/json');
  });

  it('resolves an empty answer to undefined', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await expect(api.delete('/api/articles/1')).resolves.toBeUndefined();
  });

  it('posts the token call form-encoded and without a bearer token', async () => {
    fetchMock.mockResolvedValue(json(200, { access_token: 't' }));
    await api.postForm(TOKEN_PATH, { grant_type: 'password', username: 'a@example.org', password: 'p w' });
    const { init, headers } = lastRequest();
    expect(headers.get('authorization')).toBeNull();
    expect(String(init.body)).toBe('grant_type=password&username=a%40example.org&password=p+w');
  });

  it('uses an explicitly given token instead of the stored one', async () => {
    fetchMock.mockResolvedValue(json(200, user));
    await api.get('/api/users/single?name=x', { token: 'fresh' });
    expect(lastRequest().headers.get('authorization')).toBe('Bearer fresh');
  });

  it('signs out on a 401 and lets the app show the login screen', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    fetchMock.mockResolvedValue(json(401, { errors: [{ property: '', message: MESSAGES.unauthorized }] }));
    await expect(api.get('/api/articles')).rejects.toMatchObject({ status: 401 });
    expect(getAccessToken()).toBeNull();
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(USER_STORAGE_KEY)).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it("keeps the open forms' drafts for the user before a 401 signs out", async () => {
    setUnauthorizedHandler(vi.fn());
    const unregister = registerDraftSource({
      userId: 1,
      formKey: 'manual-entry',
      values: () => ({ net: '5' }),
    });
    fetchMock.mockResolvedValue(json(401, { errors: [{ property: '', message: MESSAGES.unauthorized }] }));
    await expect(api.post('/api/transactions', {})).rejects.toMatchObject({ status: 401 });
    unregister();
    expect(readRelogin()).toMatchObject({ userId: 1, draftsKept: true });
    expect(takeDraft(1, 'manual-entry')).toEqual({ net: '5' });
    clearDrafts();
  });

  it('does not sign out when the token call refuses the credentials', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    fetchMock.mockResolvedValue(
      json(400, { error: 'invalid_grant', error_description: MESSAGES.loginFailed }),
    );
    const error = await api.postForm(TOKEN_PATH, { grant_type: 'password' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: MESSAGES.loginFailed });
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(getAccessToken()).toBe('token-1');
  });

  it('throws the server errors list for other refusals, without a notice', async () => {
    const errors = [{ property: '', message: MESSAGES.forbidden }];
    fetchMock.mockResolvedValue(json(403, { errors }));
    await expect(api.put('/api/users/3', {})).rejects.toMatchObject({
      status: 403,
      errors,
      message: MESSAGES.forbidden,
    });
    expect(getNotices()).toEqual([]);
  });

  it('shows one German notice for server errors, however often they happen', async () => {
    fetchMock.mockImplementation(() =>
      Promise.resolve(json(500, { errors: [{ property: '', message: MESSAGES.serverError }] })),
    );
    await expect(api.get('/api/articles')).rejects.toMatchObject({ status: 500 });
    await expect(api.get('/api/articles')).rejects.toMatchObject({ status: 500 });
    expect(getNotices().map((n) => n.message)).toEqual([MESSAGES.requestFailed]);
    expect(console.error).toHaveBeenCalled();
  });

  it('reports a lost connection as status 0 with a notice', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(api.get('/api/articles')).rejects.toMatchObject({
      status: 0,
      message: MESSAGES.serverUnreachable,
    });
    expect(getNotices().map((n) => n.message)).toEqual([MESSAGES.serverUnreachable]);
  });

  it('passes a cancellation on quietly', async () => {
    fetchMock.mockRejectedValue(new DOMException('aborted', 'AbortError'));
    await expect(api.get('/api/articles')).rejects.toMatchObject({ name: 'AbortError' });
    expect(getNotices()).toEqual([]);
  });

  it('refuses anything but a same-origin API path, so the token cannot leak', async () => {
    await expect(api.get('https://example.org/api/articles')).rejects.toThrow('not an API path');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
